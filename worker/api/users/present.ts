import type { OwnUser } from '../../../schema/user';

/** A user record without its email, for anyone but its owner. */
export const withoutEmail = <T extends OwnUser>({ email: _email, ...user }: T): Omit<T, 'email'> => user;
