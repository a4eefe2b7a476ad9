import { z } from 'zod';
import { AddressSchema, IdSchema, IsoTimeSchema } from './common';

export const TipTypeSchema = z.enum(['general', 'stream', 'video', 'short']);
export const TipStatusSchema = z.enum(['pending', 'sent', 'confirmed', 'failed']);

/** Tip (accounts §3); `amount` in REEL coins as shown, stored in base units. */
export const TipSchema = z.object({
  id: IdSchema,
  tipperId: IdSchema,
  receiverId: IdSchema,
  amount: z.number().positive(),
  message: z.string(),
  tipType: TipTypeSchema,
  streamSessionId: IdSchema.nullable(),
  videoId: IdSchema.nullable(),
  shortId: IdSchema.nullable(),
  status: TipStatusSchema,
  txHash: z.string().nullable(),
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
  txHash: z.string().nullable(),
  userAddr: AddressSchema,
  referralCode: z.string().nullable(),
  price: z.number().nullable(),
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
  referralCode: z.string().nullable(),
  status: DepositStatusSchema,
  createdAt: IsoTimeSchema,
});
export type Deposit = z.infer<typeof DepositSchema>;

export const PaymentStatusSchema = z.object({
  status: z.enum(['processing', 'pending', 'success', 'failed']),
  message: z.string(),
  transactionHash: z.string().optional(),
  error: z.string().optional(),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
