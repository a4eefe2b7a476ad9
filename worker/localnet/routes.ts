import { type Context, Hono } from 'hono';
import { configFor } from '../config/config';
import type { AppEnv } from '../lib/app-env';
import { handleNotFound } from '../lib/error-handler';
import { FAUCET_MAX_OCTAS, LOCAL_CHAIN_ID, MIN_GAS_UNIT_PRICE } from './chain-constants';
import { mintApt } from './faucet';
import { FullnodeError, invalidInput } from './fullnode-error';
import { ensureGenesis } from './genesis';
import { frameworkModule } from './modules';
import { getAccount, getLedgerVersion, getTransactionByHash } from './queries';
import { longAddress } from './sdk';
import { submitSignedTransaction } from './submit';
import { withVersion } from './transaction-json';
import { runView, viewCallFromBcs, viewCallFromJson } from './view';

const BCS_SIGNED_TRANSACTION = 'application/x.aptos.signed_transaction+bcs';
const BCS_VIEW_FUNCTION = 'application/x.aptos.view_function+bcs';
/** The fullnode's limit on a submitted transaction. */
const MAX_BODY_BYTES = 64 * 1024;

const ledgerVersion = async (env: Env) => {
  await ensureGenesis(env);
  return (await getLedgerVersion(env.DB)) ?? 0;
};

const addressParam = (c: Context<AppEnv>) => parseAddress(c.req.param('address'), 'address');

const readBytes = async (c: Context<AppEnv>) => {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES) throw invalidInput('The request body is too large');
  return bytes;
};

const transactionByHash = async (c: Context<AppEnv>) => {
  const hash = (c.req.param('hash') ?? '').toLowerCase();
  const row = await getTransactionByHash(c.env.DB, hash);
  if (!row) {
    throw new FullnodeError(
      404,
      `Transaction not found by Transaction hash(${hash})`,
      'transaction_not_found',
    );
  }
  return c.json(withVersion(row.body, row.version));
};

const faucetAmount = (raw: unknown) => {
  const amount = Number(raw);
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw invalidInput('amount must be a positive integer of octas');
  if (amount > FAUCET_MAX_OCTAS) throw invalidInput(`amount must be at most ${FAUCET_MAX_OCTAS} octas`);
  return amount;
};

const parseAddress = async (raw: unknown, name: string) => {
  try {
    return await longAddress(String(raw ?? ''));
  } catch {
    throw invalidInput(`${name} must be an account address`);
  }
};

/**
 * The local Aptos chain (DESIGN.md §5, worker/localnet/CONTEXT.md): the part of the fullnode REST API
 * the ts-sdk uses, under `/localnet/v1`, and the faucet under `/localnet/faucet`. 404 unless
 * APTOS_NETWORK is "local".
 */
export const localnetRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (configFor(c.env).APTOS_NETWORK !== 'local') return handleNotFound(c);
    await next();
    c.header('X-Aptos-Chain-Id', String(LOCAL_CHAIN_ID));
    return undefined;
  })
  .get('/v1', async (c) => {
    const version = String(await ledgerVersion(c.env));
    return c.json({
      chain_id: LOCAL_CHAIN_ID,
      epoch: '1',
      ledger_version: version,
      oldest_ledger_version: '0',
      ledger_timestamp: String(Date.now() * 1000),
      node_role: 'full_node',
      oldest_block_height: '0',
      block_height: version,
      git_hash: 'reel-localnet',
    });
  })
  .get('/v1/estimate_gas_price', (c) =>
    c.json({
      deprioritized_gas_estimate: MIN_GAS_UNIT_PRICE,
      gas_estimate: MIN_GAS_UNIT_PRICE,
      prioritized_gas_estimate: MIN_GAS_UNIT_PRICE * 1.5,
    }),
  )
  .get('/v1/accounts/:address', async (c) => {
    const address = await addressParam(c);
    const version = await ledgerVersion(c.env);
    const account = await getAccount(c.env.DB, address);
    if (!account) {
      throw new FullnodeError(
        404,
        `Account not found by Address(${address}) and Ledger version(${version})`,
        'account_not_found',
      );
    }
    return c.json({
      sequence_number: String(account.sequence_number),
      authentication_key: account.authentication_key,
    });
  })
  .get('/v1/accounts/:address/balance/:asset', async (c) => {
    const address = await addressParam(c);
    const asset = c.req.param('asset');
    await ensureGenesis(c.env);
    const call = asset.includes('::')
      ? { fn: '0x1::coin::balance', typeArgs: [asset], args: [address] }
      : {
          fn: '0x1::primary_fungible_store::balance',
          typeArgs: ['0x1::object::ObjectCore'],
          args: [address, await parseAddress(asset, 'asset')],
        };
    const [amount] = await runView(c.env, call);
    return c.json(Number(amount));
  })
  .get('/v1/accounts/:address/module/:name', async (c) => {
    const address = await addressParam(c);
    const name = c.req.param('name');
    const module = address === (await longAddress('0x1')) ? frameworkModule(name) : undefined;
    if (!module) {
      const version = await ledgerVersion(c.env);
      throw new FullnodeError(
        404,
        `Module not found by Address(${address}), Module name(${name}) and Ledger version(${version})`,
        'module_not_found',
      );
    }
    return c.json(module);
  })
  .post('/v1/view', async (c) => {
    await ensureGenesis(c.env);
    const call =
      c.req.header('content-type') === BCS_VIEW_FUNCTION
        ? await viewCallFromBcs(await readBytes(c))
        : await viewCallFromJson(await c.req.json().catch(() => null));
    return c.json(await runView(c.env, call));
  })
  .post('/v1/transactions', async (c) => {
    if (c.req.header('content-type') !== BCS_SIGNED_TRANSACTION) {
      throw invalidInput(`The local chain takes transactions as ${BCS_SIGNED_TRANSACTION}`);
    }
    return c.json(await submitSignedTransaction(c.env, await readBytes(c), new Date()), 202);
  })
  .get('/v1/transactions/by_hash/:hash', transactionByHash)
  // Transactions commit when submitted, so waiting is reading.
  .get('/v1/transactions/wait_by_hash/:hash', transactionByHash)
  .post('/faucet/mint', async (c) => {
    const address = await parseAddress(c.req.query('address'), 'address');
    const amount = faucetAmount(c.req.query('amount'));
    return c.json([await mintApt(c.env, address, amount, new Date())]);
  })
  .post('/faucet/fund', async (c) => {
    const body = ((await c.req.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    const address = await parseAddress(body.address, 'address');
    const amount = faucetAmount(body.amount);
    return c.json({ txn_hashes: [await mintApt(c.env, address, amount, new Date())] });
  })
  .onError((error, c) => {
    if (error instanceof FullnodeError) return c.json(error.toJSON(), error.status);
    console.error('localnet error', c.req.method, c.req.path, error);
    return c.json({ message: 'Internal error', error_code: 'internal_error', vm_error_code: null }, 500);
  });
