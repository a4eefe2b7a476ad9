import type { OwnUser } from '../../../schema/user';

/** A user record without its email, for anyone but its owner. */
export const withoutEmail = <T extends OwnUser>({ email: _email, ...user }: T): Omit<T, 'email'> => user;

/** What `viewerId` may read of `user`: the whole record when it is their own, else no email. */
export const userSeenBy = <T extends OwnUser>(user: T, viewerId: string | null): T | Omit<T, 'email'> =>
  user.id === viewerId ? user : withoutEmail(user);
