import { describe, expect, it } from 'vitest';
import {
  checkWithdrawAmount,
  formatCoins,
  paymentButtonLabel,
  paymentTitle,
  shortAddress,
  transactionLink,
  usdEstimate,
} from '../../../web/features/wallet-page/money-format';

const ADDRESS = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';

describe('shortAddress', () => {
  it('shows the first 7 and last 7 characters of an address', () => {
    expect(shortAddress(ADDRESS)).toBe('0x12345…0abcdef');
  });

  it('leaves an address too short to cut as it is', () => {
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});

describe('usdEstimate', () => {
  it('prices APT at 4.49 dollars, to the cent', () => {
    expect(usdEstimate(0.5)).toBe('$2.25');
    expect(usdEstimate(1.2)).toBe('$5.39');
    expect(usdEstimate(11.5)).toBe('$51.64');
  });
});

describe('formatCoins', () => {
  it('groups thousands and drops trailing zeros', () => {
    expect(formatCoins(5000)).toBe('5,000');
    expect(formatCoins(199.5)).toBe('199.5');
    expect(formatCoins(0.00000001)).toBe('0.00000001');
  });
});

describe('checkWithdrawAmount', () => {
  it('says nothing about an empty field but does not accept it', () => {
    expect(checkWithdrawAmount('', 100)).toEqual({ amount: null, error: null });
  });

  it('accepts digits with an optional decimal point within the balance', () => {
    expect(checkWithdrawAmount('50', 100)).toEqual({ amount: 50, error: null });
    expect(checkWithdrawAmount('0.5', 100)).toEqual({ amount: 0.5, error: null });
    expect(checkWithdrawAmount('100', 100)).toEqual({ amount: 100, error: null });
  });

  it('refuses zero, a lone point, signs, letters and more than 8 decimals', () => {
    for (const text of ['0', '0.0', '.', '-5', '1e3', 'abc', '1.2.3', '0.000000001']) {
      expect(checkWithdrawAmount(text, 100)).toEqual({ amount: null, error: 'Please enter a valid amount' });
    }
  });

  it('refuses more than the balance, even by one base unit', () => {
    expect(checkWithdrawAmount('100.00000001', 100)).toEqual({
      amount: null,
      error: 'Amount exceeds available balance',
    });
    expect(checkWithdrawAmount('0.3', 0.1 + 0.2)).toEqual({ amount: 0.3, error: null });
  });
});

describe('payment status dialog', () => {
  it('titles the deposit and the withdrawal with their status', () => {
    expect(paymentTitle('deposit', 'processing')).toBe('Deposit Processing');
    expect(paymentTitle('deposit', 'success')).toBe('Deposit Successful');
    expect(paymentTitle('withdrawal', 'pending')).toBe('Withdrawal Pending');
    expect(paymentTitle('withdrawal', 'failed')).toBe('Withdrawal Failed');
  });

  it('asks to wait while busy, then offers Done or Close', () => {
    expect(paymentButtonLabel('processing')).toBe('Please Wait');
    expect(paymentButtonLabel('pending')).toBe('Please Wait');
    expect(paymentButtonLabel('success')).toBe('Done');
    expect(paymentButtonLabel('failed')).toBe('Close');
  });

  it('links a hash to the devnet explorer, or on the local chain to the local node', () => {
    expect(transactionLink({ network: 'devnet', nodeUrl: 'https://x' }, '0xab')).toBe(
      'https://explorer.aptoslabs.com/txn/0xab?network=devnet',
    );
    expect(transactionLink({ network: 'local', nodeUrl: '/localnet/v1' }, '0xab')).toBe(
      '/localnet/v1/transactions/by_hash/0xab',
    );
  });
});
