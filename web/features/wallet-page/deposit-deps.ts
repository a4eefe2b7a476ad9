import * as z from 'zod/mini';
import { apiPost } from '../../lib/api';
import { loadChainReader } from '../wallet/chain-client';
import type { DepositDeps } from './deposit-flow';
import { walletFor } from './wallet-connection';

const RecordSchema = z.object({ id: z.string() });
/** Credit and confirm answers are not read: the user's balance is re-read afterwards. */
const AnyAnswerSchema = z.unknown();

/** The deposit's real calls: the chain through the ts-sdk, the transfer through the signed-in wallet, our API. */
export function depositDeps(address: string): DepositDeps {
  return {
    aptBalance: async (account) => (await loadChainReader()).aptBalance(account),
    async transferApt(to, octas) {
      const adapter = await walletFor(address);
      const { hash } = await adapter.signAndSubmitTransaction({
        data: { function: '0x1::aptos_account::transfer', functionArguments: [to, octas] },
      });
      return hash;
    },
    waitForSuccess: async (hash) => (await loadChainReader()).waitForSuccess(hash),
    createTransaction: (body) => apiPost('/api/transactions', body, RecordSchema),
    async creditViaRelayer(account, body) {
      await apiPost(`/relayer/api/users/${account}/balance`, body, AnyAnswerSchema);
    },
    async confirmTransaction(id) {
      await apiPost(`/api/transactions/${id}/confirm`, undefined, AnyAnswerSchema);
    },
  };
}
