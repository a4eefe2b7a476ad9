import type { SignedTransaction } from '@aptos-labs/ts-sdk';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  APT_METADATA,
  type Asset,
  GAS_USED,
  LOCAL_CHAIN_ID,
  MAX_GAS_AMOUNT,
  MIN_GAS_UNIT_PRICE,
} from './chain-constants';
import { decodeCall, type LocalCall } from './decode-call';
import { invalidInput, vmRefusal } from './fullnode-error';
import { ensureGenesis } from './genesis';
import {
  commitTransactionStatements,
  credit,
  debit,
  getAccount,
  getBalance,
  getTransactionByHash,
  openAccount,
} from './queries';
import { aptosSdk } from './sdk';
import { committedBody, type Movement, type SignedFields } from './transaction-json';

const TRANSACTION_PREFIX = sha3_256(utf8ToBytes('APTOS::Transaction'));

/** The real user-transaction hash: sha3-256(sha3-256("APTOS::Transaction") ‖ 0x00 ‖ BCS(signed txn)). */
export const userTransactionHash = (signedBytes: Uint8Array) =>
  `0x${bytesToHex(sha3_256(concatBytes(TRANSACTION_PREFIX, new Uint8Array([0]), signedBytes)))}`;

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The aborts a real chain commits when the sender lacks what it sends. */
const insufficientStatus = (call: LocalCall) =>
  call.payload.function === '0x1::aptos_account::transfer'
    ? 'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction'
    : 'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance in the fungible store.';

const readSigned = async (bytes: Uint8Array): Promise<SignedTransaction> => {
  const { Deserializer, SignedTransaction } = await aptosSdk();
  try {
    const deserializer = new Deserializer(bytes);
    const signed = SignedTransaction.deserialize(deserializer);
    deserializer.assertFinished();
    return signed;
  } catch (error) {
    throw invalidInput(`Failed to deserialize input into SignedTransaction: ${(error as Error).message}`);
  }
};

/** The sender's Ed25519 key, its signature's validity and its JSON, for the two single-signer forms. */
const checkSignature = async (signed: SignedTransaction) => {
  const sdk = await aptosSdk();
  const message = sdk.generateSigningMessageForTransaction(new sdk.SimpleTransaction(signed.raw_txn));
  const auth = signed.authenticator;
  if (auth instanceof sdk.TransactionAuthenticatorEd25519) {
    return {
      valid: auth.public_key.verifySignature({ message, signature: auth.signature }),
      authKey: auth.public_key.authKey().toString(),
      json: {
        type: 'ed25519_signature',
        public_key: auth.public_key.toString(),
        signature: auth.signature.toString(),
      },
    };
  }
  if (
    auth instanceof sdk.TransactionAuthenticatorSingleSender &&
    auth.sender instanceof sdk.AccountAuthenticatorSingleKey &&
    auth.sender.public_key.publicKey instanceof sdk.Ed25519PublicKey
  ) {
    const { public_key, signature } = auth.sender;
    return {
      valid: public_key.verifySignature({ message, signature }),
      authKey: public_key.authKey().toString(),
      json: {
        type: 'single_sender',
        public_key: { type: 'ed25519', value: public_key.publicKey.toString() },
        signature: { type: 'ed25519', value: signature.signature.toString() },
      },
    };
  }
  throw invalidInput('The local chain accepts transactions signed by one Ed25519 key only');
};

/**
 * Validates a BCS-signed transaction as the VM's prologue would (signature, chain id, account, auth
 * key, sequence number, gas, expiry) and commits it in one batch: refused ones change nothing (400
 * in the fullnode's shape); a transfer beyond the sender's balance commits as failed, charging gas
 * only. Answers the pending-transaction JSON the fullnode answers to a submit.
 */
export const submitSignedTransaction = async (
  env: Env,
  bytes: Uint8Array,
  now: Date,
): Promise<SignedFields> => {
  const sdk = await aptosSdk();
  await ensureGenesis(env);
  const signed = await readSigned(bytes);
  const raw = signed.raw_txn;
  const sender = raw.sender.toStringLong();
  if (!(raw.payload instanceof sdk.TransactionPayloadEntryFunction)) {
    throw invalidInput('The local chain runs entry-function payloads with a sequence number only');
  }
  const call = await decodeCall(raw.payload.entryFunction, sender, env.REEL_ASSET);
  const signature = await checkSignature(signed);
  if (!signature.valid) throw vmRefusal('INVALID_SIGNATURE');
  if (raw.chain_id.chainId !== LOCAL_CHAIN_ID) throw vmRefusal('BAD_CHAIN_ID');
  const account = await getAccount(env.DB, sender);
  if (!account) throw vmRefusal('SENDING_ACCOUNT_DOES_NOT_EXIST');
  if (account.authentication_key !== signature.authKey) throw vmRefusal('INVALID_AUTH_KEY');
  if (raw.sequence_number < BigInt(account.sequence_number)) throw vmRefusal('SEQUENCE_NUMBER_TOO_OLD');
  if (raw.sequence_number > BigInt(account.sequence_number)) throw vmRefusal('SEQUENCE_NUMBER_TOO_NEW');
  if (raw.gas_unit_price < BigInt(MIN_GAS_UNIT_PRICE)) throw vmRefusal('GAS_UNIT_PRICE_BELOW_MIN_BOUND');
  if (raw.max_gas_amount < BigInt(GAS_USED)) throw vmRefusal('MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS');
  if (raw.max_gas_amount > BigInt(MAX_GAS_AMOUNT))
    throw vmRefusal('MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND');
  if (raw.expiration_timestamp_secs <= BigInt(Math.floor(now.getTime() / 1000)))
    throw vmRefusal('TRANSACTION_EXPIRED');
  const aptBalance = await getBalance(env.DB, sender, 'apt');
  if (BigInt(aptBalance) < raw.max_gas_amount * raw.gas_unit_price) {
    throw vmRefusal('INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE');
  }

  const fee = GAS_USED * Number(raw.gas_unit_price);
  const hash = userTransactionHash(bytes);
  const signedFields: SignedFields = {
    hash,
    sender: raw.sender.toString(),
    sequence_number: raw.sequence_number.toString(),
    max_gas_amount: raw.max_gas_amount.toString(),
    gas_unit_price: raw.gas_unit_price.toString(),
    expiration_timestamp_secs: raw.expiration_timestamp_secs.toString(),
    payload: call.payload,
    signature: signature.json,
  };

  const available =
    call.kind === 'mint'
      ? SAFE
      : BigInt((await getBalance(env.DB, sender, call.asset)) - (call.asset === 'apt' ? fee : 0));
  const success = call.amount <= available && call.amount <= SAFE;
  const amount = Number(call.amount);
  const movement: Movement | null = success
    ? { from: call.kind === 'mint' ? null : sender, to: call.to, asset: call.asset, amount: call.amount }
    : null;
  const body = committedBody({
    signed: signedFields,
    success,
    vmStatus: success ? 'Executed successfully' : insufficientStatus(call),
    movement,
    metadataOf: (asset: Asset) =>
      asset === 'apt' ? APT_METADATA : sdk.AccountAddress.from(env.REEL_ASSET).toStringLong(),
    timestampMicros: now.getTime() * 1000,
  });

  const db = env.DB;
  const statements = [
    ...commitTransactionStatements(db, {
      hash,
      sender,
      sequenceNumber: Number(raw.sequence_number),
      body: JSON.stringify(body),
    }),
    debit(db, sender, 'apt', fee),
  ];
  if (success) {
    if (call.kind === 'transfer') statements.push(debit(db, sender, call.asset, amount));
    // aptos_account::transfer and the mint create the receiver's account; a fungible-asset transfer only its store.
    if (call.asset === 'apt' && call.payload.function !== '0x1::primary_fungible_store::transfer') {
      statements.push(openAccount(db, call.to, call.to));
    }
    statements.push(credit(db, call.to, call.asset, amount));
  }
  try {
    await db.batch(statements);
  } catch (error) {
    // A twin with this sequence number (or this very transaction) committed first.
    if (
      (await getTransactionByHash(db, hash)) ||
      (await getAccount(db, sender))?.sequence_number !== account.sequence_number
    ) {
      throw vmRefusal('SEQUENCE_NUMBER_TOO_OLD');
    }
    throw error;
  }
  return signedFields;
};
