import * as z from 'zod/mini';
import { AddressSchema, CanonicalAddressSchema, IdSchema, IsoTimeSchema, wellFormed } from './common';
import { COIN_UNIT } from './constants';

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
  /** The gift chosen (several share a price); null when the tipper did not say. */
  giftName: z.nullable(z.string()),
  createdAt: IsoTimeSchema,
});
export type Tip = z.infer<typeof TipSchema>;

export const TIP_MESSAGE_MAX = 280;

/** `POST /api/tips` (accounts §7): one content id for its tip type; `amount` in REEL coins. */
export const CreateTipSchema = z.object({
  tipperId: IdSchema,
  receiverId: IdSchema,
  amount: z.number().check(z.positive()),
  message: z.optional(z.string().check(z.maxLength(TIP_MESSAGE_MAX), wellFormed())),
  tipType: TipTypeSchema,
  streamSessionId: z.nullish(IdSchema),
  videoId: z.nullish(IdSchema),
  shortId: z.nullish(IdSchema),
  giftName: z.optional(z.string().check(z.maxLength(40), wellFormed())),
});

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
  /** Why a failed record failed, when it says (a rejected deposit's reason); null otherwise. */
  reason: z.nullable(z.string()),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/**
 * What moved a wallet history line's REEL: a top-up, a withdrawal, a failed withdrawal given back,
 * a tip sent or received, or a platform reward or fee.
 */
export const HistoryKindSchema = z.enum([
  'deposit',
  'withdraw',
  'withdraw_refund',
  'tip_sent',
  'tip_received',
  'reward',
  'fee',
]);
export type HistoryKind = z.infer<typeof HistoryKindSchema>;

/**
 * One line of the wallet's Transaction History: every movement of the caller's REEL (one per
 * ledger transaction), plus a rejected deposit's record, which moved nothing (`amount` 0, 'failed').
 * `amount` is the REEL moved as shown, never negative; `direction` says which way. A tip names the
 * gift, its message and the other person.
 */
export const HistoryLineSchema = z.object({
  id: IdSchema,
  kind: HistoryKindSchema,
  direction: z.enum(['in', 'out']),
  amount: z.number().check(z.gte(0)),
  status: TransactionStatusSchema,
  timestamp: IsoTimeSchema,
  txHash: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  tip: z.nullable(
    z.object({
      gift: z.string(),
      message: z.string(),
      other: z.object({ id: IdSchema, username: z.string() }),
    }),
  ),
});
export type HistoryLine = z.infer<typeof HistoryLineSchema>;

/**
 * 'credited': REEL issued for a package's price. 'rejected': the caller's APT reached the platform for
 * an amount that is no package price; kept with its reason, no REEL issued, for an operator to refund.
 * 'pending' is accepted as a filter but never written: the chain port reports a transaction that is
 * submitted but not committed as unknown (404 "(yet)"), and an unverified hash writes nothing.
 */
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
  /** Why a rejected deposit was rejected; null otherwise. */
  reason: z.nullable(z.string()),
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

/** A chain transaction hash in its one canonical form: lowercase 0x + 64 hex digits. */
export const ChainHashSchema = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash')),
  z.transform((hash: string) => hash.toLowerCase()),
);

/** REEL as shown -> integer base units, or null when it is not a whole number of units. */
export const reelToUnits = (reel: number): number | null => {
  const units = Math.round(reel * COIN_UNIT);
  return Number.isSafeInteger(units) && Math.abs(units - reel * COIN_UNIT) < 1e-6 ? units : null;
};

/** `POST /api/transactions` (accounts §7); `amount` in REEL as shown. */
export const CreateTransactionSchema = z.object({
  userId: IdSchema,
  amount: z.optional(z.number().check(z.positive())),
  type: z.enum(['deposit', 'withdraw']),
  txHash: ChainHashSchema,
  userAddr: z.optional(CanonicalAddressSchema),
  referralCode: z.nullish(z.string().check(z.maxLength(64))),
});
export type CreateTransaction = z.infer<typeof CreateTransactionSchema>;

/** `POST /relayer/api/users/{addr}/balance`: a credit only for a verified deposit hash. */
export const RelayerBalanceSchema = z.object({
  amount: z.optional(z.number().check(z.positive())),
  txHash: ChainHashSchema,
  referralCode: z.nullish(z.string().check(z.maxLength(64))),
});

/** `POST /relayer/api/withdraw` (accounts §7); `amount` in REEL as shown. */
export const WithdrawRequestSchema = z.object({
  userAddress: CanonicalAddressSchema,
  amount: z.number(),
});

/** Status of a withdrawal as the relayer answers it (and replays it). */
export const WithdrawalSchema = z.object({
  id: IdSchema,
  status: TransactionStatusSchema,
  amount: z.number(),
  /** The chain hash of the REEL sent; null until sent (and for a failed send). */
  transactionHash: z.nullable(z.string()),
  /** Why it failed (the balance was restored); absent otherwise. */
  error: z.optional(z.string()),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** `POST /relayer/api/tips/send` (accounts §7): from/to are addresses; `tipId` ties it to a tip record. */
export const RelayerTipSendSchema = z.object({
  from: CanonicalAddressSchema,
  to: CanonicalAddressSchema,
  amount: z.number().check(z.positive()),
  message: z.optional(z.string().check(z.maxLength(TIP_MESSAGE_MAX), wellFormed())),
  tipId: z.optional(IdSchema),
  giftName: z.optional(z.string().check(z.maxLength(40), wellFormed())),
});
