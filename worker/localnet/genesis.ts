import { randomHex } from '../lib/crypto';
import { localSecret } from '../lib/local-secrets';
import { type ChainEnv, relayerPrivateKey } from '../ports/adapters/chain-relayer-key';
import {
  FAUCET_ADDRESS,
  FAUCET_GENESIS_APT,
  TREASURY_GENESIS_APT,
  TREASURY_GENESIS_REEL,
} from './chain-constants';
import { genesisStatements, getLedgerVersion } from './queries';
import { aptosSdk, longAddress } from './sdk';

const LOCAL_FAUCET_KEY = 'localnet-faucet-key';

/** The faucet's signing key, made once and kept in D1 (it only ever signs local mints). */
export const faucetPrivateKey = (db: D1Database, now = new Date()) =>
  localSecret(db, LOCAL_FAUCET_KEY, async () => `0x${randomHex(32)}`, now);

const authKeyOf = async (privateKey: string) => {
  const { Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } = await aptosSdk();
  const key = new Ed25519PrivateKey(PrivateKey.formatPrivateKey(privateKey, PrivateKeyVariants.Ed25519));
  return key.publicKey().authKey().toString();
};

/**
 * Genesis, on first use (idempotent, one batch): the treasury at PLATFORM_ADDRESS holds the REEL
 * supply and APT for gas, with the relayer key's authentication key (address ≠ auth key, as after a
 * key rotation); the faucet account holds APT for the gas of its mints.
 */
export const ensureGenesis = async (env: ChainEnv) => {
  if ((await getLedgerVersion(env.DB)) !== null) return;
  const [treasury, treasuryAuthKey, faucetAuthKey] = await Promise.all([
    longAddress(env.PLATFORM_ADDRESS),
    relayerPrivateKey(env).then(authKeyOf),
    faucetPrivateKey(env.DB).then(authKeyOf),
  ]);
  await env.DB.batch(
    genesisStatements(env.DB, [
      {
        address: treasury,
        authenticationKey: treasuryAuthKey,
        balances: [
          ['apt', TREASURY_GENESIS_APT],
          ['reel', TREASURY_GENESIS_REEL],
        ],
      },
      { address: FAUCET_ADDRESS, authenticationKey: faucetAuthKey, balances: [['apt', FAUCET_GENESIS_APT]] },
    ]),
  );
};
