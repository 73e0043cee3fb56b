import { commandDef, validateFields, withDefaults, type CommandDef, type CommandField, type FieldProblem } from '@openfleet/contracts/instruction';
import { formatChinaTime } from '@openfleet/contracts/time';

/** 'YYYY-MM-DD HH:mm:ss' in China time, as the command fields take times. */
export function cstTime(ms: number): string {
  return formatChinaTime(ms);
}

/** Start values of an action: the preset, field defaults, and for time ranges the last 24 hours. */
export function initialValues(def: CommandDef, preset: Record<string, unknown> = {}, now = Date.now()): Record<string, unknown> {
  const values = withDefaults(def.fields, preset);
  for (const field of def.fields) {
    if (field.kind !== 'time' || values[field.key] !== undefined) continue;
    values[field.key] = cstTime(field.key === 'startTime' ? now - 86_400_000 : now);
  }
  return values;
}

/** Fields the operator fills: not fixed by the preset, and shown for the values entered so far. */
export function visibleFields(def: CommandDef, preset: Record<string, unknown>, values: Record<string, unknown>): CommandField[] {
  return def.fields.filter((field) => !(field.key in preset) && (!field.visibleWhen || field.visibleWhen(values)));
}

/** Problems by field key (the first one of each): what the form marks before anything is sent. */
export function problemsByField(def: CommandDef, values: Record<string, unknown>): Map<string, FieldProblem['reason']> {
  const problems = new Map<string, FieldProblem['reason']>();
  for (const problem of validateFields(def.fields, values)) {
    if (problem.reason === 'edition') continue;
    const key = problem.field.split(/[.[]/)[0];
    if (!problems.has(key)) problems.set(key, problem.reason);
  }
  return problems;
}

/** A typed input back to its value: integers as numbers (NaN stays text so validation can say so). */
export function parseInput(field: CommandField, raw: string): unknown {
  if (field.kind === 'int' || field.kind === 'select') {
    if (raw.trim() === '') return undefined;
    const n = Number(raw);
    return Number.isFinite(n) ? n : raw;
  }
  return raw;
}

/** The command of an action type (the catalogue is shared with the server). */
export function definitionOf(type: string): CommandDef {
  const def = commandDef(type);
  if (!def) throw new Error(`unknown command type ${type}`);
  return def;
}

/** File bytes as the hex the upgrade package field carries. */
export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}
