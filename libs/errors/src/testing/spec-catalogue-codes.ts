// The error codes the product specification names, copied from its section 8 "Error catalogue"
// (/work/shared/spec/product-spec.md, §8: the client handling rules and the "Catalogue" list), so
// catalogue-coverage.spec.ts can hold every one of them to account: raised somewhere, or explained in
// docs/errors.md. Keep it a copy of the spec: add codes when the spec adds them, never to make a test pass.

/** Codes the spec names one by one (§8 client handling and catalogue). */
export const SPEC_CODES: readonly number[] = [
  // Client handling: log out on these, 998 shows the server's msg.
  401, 402, 403, 41002, 998,
  // General.
  100, 201, 207, 209, 300, 303, 400, 404, 408, 504, 409, 410, 423, 424, 500,
  // Account.
  3007, 3031, 3033, 3032, 3034, 3200, 3201, 3202, 3203, 3204, 2081, 2082,
  // Duplicates; the spec also names fleet, menu, terminal number, manufacturer, brand and engine
  // duplicates without codes: the catalogue gives them 4040-4045.
  4000, 4001, 4003, 4006, 4013, 4016, 4017, 4040, 4041, 4042, 4043, 4044, 4045,
  // Binding and deletion.
  4230, 4231, 4031, 4032, 4037, 9000, 8002,
  // Fences.
  7000, 7001, 7002, 7003, 7004, 7005, 7006, 7007,
  // Instructions.
  7101, 7102, 7103, 7104, 7105, 7106, 7111, 7205,
  // Other.
  3002, 3005, 3006,
];

/**
 * Blocks the spec names as a range ("7xxx runs to 7120", "3039-3055", "2000-2043 and 3000-3020",
 * "10xx", "5xxx" ...): every catalogued code inside one is held to account like a named code.
 */
export const SPEC_RANGES: readonly { readonly from: number; readonly to: number; readonly what: string }[] = [
  { from: 7101, to: 7120, what: 'instructions (device not bound to protocol, SIM missing, protocol version mismatch ...)' },
  { from: 3039, to: 3055, what: 'remote-control refusals' },
  { from: 3114, to: 3116, what: 'upper platform errors' },
  { from: 20003, to: 20007, what: 'upload and upgrade errors' },
  { from: 30020, to: 30210, what: 'import and battery report errors' },
  { from: 30171, to: 30192, what: 'API token, signature and access-limit errors' },
  { from: 2000, to: 2043, what: 'video device errors' },
  { from: 3000, to: 3020, what: 'video device errors (server side)' },
  { from: 1000, to: 1099, what: '10xx maintenance and event codes' },
  { from: 5000, to: 5999, what: '5xxx add, delete and modify failures' },
];
