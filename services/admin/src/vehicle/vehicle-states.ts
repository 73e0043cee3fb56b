// The vehicle's §3 states the form offers (codes the console names in words, zh_CN and en_US).

/** 1 registered (上牌), 2 not yet registered, 3 temporary plate, 4 deregistered. */
export const REGISTRATION_STATES = [1, 2, 3, 4] as const;
/** 1 in service, 2 idle, 3 under repair, 4 scrapped. */
export const USE_STATES = [1, 2, 3, 4] as const;
/** Drive form: 1 4×2, 2 4×4, 3 6×2, 4 6×4, 5 8×4, 9 other. */
export const DRIVE_TYPES = [1, 2, 3, 4, 5, 9] as const;
/** 1 gasoline, 2 diesel, 3 natural gas, 4 LPG, 5 pure electric, 6 hybrid, 7 hydrogen, 9 other. */
export const FUEL_TYPES = [1, 2, 3, 4, 5, 6, 7, 9] as const;
