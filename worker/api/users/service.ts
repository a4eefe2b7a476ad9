import type { SessionUser, User } from '../../../schema/user';
import type { CreateUserBody, UpdateUserBody } from '../../../schema/user-input';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { getUserById } from '../../lib/user-queries';
import { insertUser, listCategories, updateUser } from './queries';

/** Unique indexes that a profile write can hit, and what the caller is told. */
const CONFLICTS: Array<[column: string, message: string]> = [
  ['users.username', 'Username is already taken'],
  ['users.aptos_address', 'A profile already exists for this address'],
];

/**
 * Runs a profile write; a UNIQUE violation (two people racing for a name included) becomes a 409
 * naming what collided, never a 500.
 */
const withConflicts = async (write: () => Promise<unknown>) => {
  try {
    await write();
  } catch (error) {
    const text = String(error);
    const collided = CONFLICTS.find(([column]) => text.includes(`UNIQUE constraint failed: ${column}`));
    if (collided) throw conflict(collided[1]);
    throw error;
  }
};

/** The category and sub-category must be ones the product offers. */
const assertKnownCategory = async (db: D1Database, body: UpdateUserBody) => {
  const category = (await listCategories(db)).find((known) => known.name === body.category);
  if (!category) throw badRequest(`category: Unknown category '${body.category}'`);
  if (!category.subCategories.includes(body.subCategory)) {
    throw badRequest(`subCategory: '${body.subCategory}' is not a sub-category of ${body.category}`);
  }
};

/**
 * Registers the signed-in address. The address is the session's, never the body's: a body naming
 * another address is refused, so nobody can register someone else's wallet.
 */
export const registerUser = async (
  db: D1Database,
  sessionAddress: string,
  body: CreateUserBody,
): Promise<User> => {
  if (body.aptosAddress !== sessionAddress) {
    throw forbidden('You can only register your own address');
  }
  await assertKnownCategory(db, body);
  const id = newId();
  await withConflicts(() =>
    insertUser(db, { ...body, id, aptosAddress: sessionAddress, createdAt: new Date().toISOString() }),
  );
  const user = await getUserById(db, id);
  if (!user) throw new Error('The new user could not be read back');
  return user;
};

/** Updates the caller's own profile. */
export const updateOwnProfile = async (
  db: D1Database,
  caller: SessionUser,
  id: string,
  body: UpdateUserBody,
) => {
  if (id !== caller.id) throw forbidden('You can only edit your own profile');
  await assertKnownCategory(db, body);
  await withConflicts(() => updateUser(db, id, body));
  const user = await getUserById(db, id);
  if (!user) throw new Error('The updated user could not be read back');
  return user;
};
