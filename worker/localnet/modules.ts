/**
 * The framework module ABIs the ts-sdk reads (`GET /v1/accounts/0x1/module/{name}`) to build the
 * payloads the local chain runs, and the views it answers. Only the functions the local chain knows
 * are listed; the bytecode is not served ("0x").
 */
type MoveFunctionAbi = {
  name: string;
  visibility: 'public';
  is_entry: boolean;
  is_view: boolean;
  generic_type_params: { constraints: string[] }[];
  params: string[];
  return: string[];
};

const entry = (name: string, params: string[], generics: string[][] = []): MoveFunctionAbi => ({
  name,
  visibility: 'public',
  is_entry: true,
  is_view: false,
  generic_type_params: generics.map((constraints) => ({ constraints })),
  params,
  return: [],
});

const view = (
  name: string,
  params: string[],
  returns: string[],
  generics: string[][] = [],
): MoveFunctionAbi => ({
  name,
  visibility: 'public',
  is_entry: false,
  is_view: true,
  generic_type_params: generics.map((constraints) => ({ constraints })),
  params,
  return: returns,
});

const FUNCTIONS: Record<string, MoveFunctionAbi[]> = {
  aptos_account: [entry('transfer', ['&signer', 'address', 'u64'])],
  aptos_coin: [entry('mint', ['&signer', 'address', 'u64'])],
  coin: [
    view('balance', ['address'], ['u64'], [[]]),
    view(
      'paired_coin',
      ['0x1::object::Object<0x1::fungible_asset::Metadata>'],
      ['0x1::option::Option<0x1::type_info::TypeInfo>'],
    ),
  ],
  primary_fungible_store: [
    entry('transfer', ['&signer', '0x1::object::Object<T0>', 'address', 'u64'], [['key']]),
    view('balance', ['address', '0x1::object::Object<T0>'], ['u64'], [['key']]),
  ],
};

/** The fullnode's `MoveModuleBytecode` for `0x1::{name}`, or undefined for a module it does not serve. */
export const frameworkModule = (name: string) => {
  const functions = FUNCTIONS[name];
  if (!functions) return undefined;
  return {
    bytecode: '0x',
    abi: { address: '0x1', name, friends: [], exposed_functions: functions, structs: [] },
  };
};
