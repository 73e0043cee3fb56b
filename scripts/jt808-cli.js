#!/usr/bin/env node
// Operator CLI for JT/T 808 frames. The JSON mapping lives in @openfleet/jt808 (messageToJson/messageFromJson);
// this file only parses arguments and prints.
//   node scripts/jt808-cli.js decode <hex> [--tz <minutes>]
//   node scripts/jt808-cli.js encode '<json>' [--tz <minutes>]
//   echo <hex> | node scripts/jt808-cli.js decode -
const { decodeHexToJson, encodeJsonToHex, errorToJson } = require('@openfleet/jt808');
const { readFileSync } = require('node:fs');

const USAGE = 'usage: jt808-cli decode <hex>|- | encode <json>|- [--tz <minutes east of UTC, default 480>]';

function main(argv) {
  const args = [...argv];
  let timeZoneOffsetMinutes = 480;
  const tz = args.indexOf('--tz');
  if (tz >= 0) {
    timeZoneOffsetMinutes = Number(args[tz + 1]);
    args.splice(tz, 2);
  }
  const [command, input] = args;
  if ((command !== 'decode' && command !== 'encode') || input === undefined) {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  const text = input === '-' ? readFileSync(0, 'utf8').trim() : input;
  const options = { timeZoneOffsetMinutes };
  try {
    if (command === 'decode') {
      process.stdout.write(JSON.stringify(decodeHexToJson(text, options), null, 2) + '\n');
    } else {
      process.stdout.write(encodeJsonToHex(JSON.parse(text), options) + '\n');
    }
    return 0;
  } catch (e) {
    process.stdout.write(JSON.stringify(errorToJson(e, command === 'decode' ? text : ''), null, 2) + '\n');
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
