import * as z from 'zod/mini';
import { AddressSchema, IdSchema, IsoTimeSchema } from './common';

export const TipTypeSchema = z.enum(['general', 'stream', 'video', 'short']);
export type TipType = z.infer<typeof TipTypeSchema>;
export const TipStatusSchema = z.enum(['pending', 'sent', 'confirmed', 'failed']);

/** Tip (accounts §3); `amount` in REEL coins as shown, stored in base units. */
export const TipSchema = z.object({
  id: IdSchema,
  tipperId: IdSchema,
  receiverId: IdSchema,
  amount: z.number().check(z.positive()),
  message: z.string(),
  tipType: TipTypeSchema,
  streamSessionId: z.nullable(IdSchema),
  videoId: z.nullable(IdSchema),
  shortId: z.nullable(IdSchema),
  status: TipStatusSchema,
  txHash: z.nullable(z.string()),
  createdAt: IsoTimeSchema,
});
export type Tip = z.infer<typeof TipSchema>;

export const TransactionTypeSchema = z.enum(['deposit', 'withdraw', 'transfer', 'reward', 'fee', 'other']);
export const TransactionStatusSchema = z.enum(['completed', 'confirmed', 'pending', 'failed']);

/** Transaction (accounts §3); `price` is the APT paid for a deposit. */
export const TransactionSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  amount: z.number(),
  type: TransactionTypeSchema,
  txHash: z.nullable(z.string()),
  userAddr: AddressSchema,
  referralCode: z.nullable(z.string()),
  price: z.nullable(z.number()),
  status: TransactionStatusSchema,
  timestamp: IsoTimeSchema,
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const DepositStatusSchema = z.enum(['pending', 'credited', 'rejected']);
export const DepositSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  userAddr: AddressSchema,
  amount: z.number(),
  price: z.number(),
  rate: z.number(),
  txHash: z.string(),
  referralCode: z.nullable(z.string()),
  status: DepositStatusSchema,
  createdAt: IsoTimeSchema,
});
export type Deposit = z.infer<typeof DepositSchema>;

export const PaymentStatusSchema = z.object({
  status: z.enum(['processing', 'pending', 'success', 'failed']),
  message: z.string(),
  transactionHash: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Deposit request (accounts §3): the package bought and who pays. */
export const DepositRequestSchema = z.object({
  amount: z.number().check(z.positive()),
  price: z.number().check(z.positive()),
  rate: z.number().check(z.positive()),
  userId: IdSchema,
  userAddr: AddressSchema,
  referralCode: z.nullish(z.string()),
});
export type DepositRequest = z.infer<typeof DepositRequestSchema>;
