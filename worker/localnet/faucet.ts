import { FAUCET_ADDRESS, GAS_USED, LOCAL_CHAIN_ID, MIN_GAS_UNIT_PRICE } from './chain-constants';
import { FullnodeError } from './fullnode-error';
import { ensureGenesis, faucetPrivateKey } from './genesis';
import { getAccount } from './queries';
import { aptosSdk } from './sdk';
import { submitSignedTransaction } from './submit';

const ATTEMPTS = 8;

/**
 * Mints `octas` APT to `address` (opening its account) the way the Aptos localnet's faucet does: a
 * real `0x1::aptos_coin::mint` transaction signed by the faucet account and committed through the
 * same path as every submit, so it reads back by hash. Racing mints retry on the next sequence number.
 */
export const mintApt = async (env: Env, address: string, octas: number, now: Date): Promise<string> => {
  const sdk = await aptosSdk();
  await ensureGenesis(env);
  const privateKey = new sdk.Ed25519PrivateKey(
    sdk.PrivateKey.formatPrivateKey(await faucetPrivateKey(env.DB, now), sdk.PrivateKeyVariants.Ed25519),
  );
  const faucet = sdk.Account.fromPrivateKey({ privateKey, address: FAUCET_ADDRESS });
  const payload = new sdk.TransactionPayloadEntryFunction(
    sdk.EntryFunction.build(
      '0x1::aptos_coin',
      'mint',
      [],
      [sdk.AccountAddress.from(address), new sdk.U64(octas)],
    ),
  );
  for (let attempt = 1; ; attempt += 1) {
    const sequenceNumber = (await getAccount(env.DB, FAUCET_ADDRESS))?.sequence_number ?? 0;
    const raw = new sdk.RawTransaction(
      faucet.accountAddress,
      BigInt(sequenceNumber),
      payload,
      BigInt(GAS_USED * 10),
      BigInt(MIN_GAS_UNIT_PRICE),
      BigInt(Math.floor(now.getTime() / 1000) + 60),
      new sdk.ChainId(LOCAL_CHAIN_ID),
    );
    const transaction = new sdk.SimpleTransaction(raw);
    const bytes = sdk.generateSignedTransaction({
      transaction,
      senderAuthenticator: faucet.signTransactionWithAuthenticator(transaction),
    });
    try {
      return (await submitSignedTransaction(env, bytes, now)).hash;
    } catch (error) {
      const raced = error instanceof FullnodeError && error.vmErrorCode === 3;
      if (!raced || attempt >= ATTEMPTS) throw error;
    }
  }
};
