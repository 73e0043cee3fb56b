/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resources } from './index';

// Every file merged: the shared one and the feature files (monitor, instruction, fence).
const zh: Record<string, string> = resources.zh_CN.translation;
const en: Record<string, string> = resources.en_US.translation;

const src = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

// Quoted literals shaped like our keys (`area.name...`) of the areas the JSON files use.
const areas = [...new Set(Object.keys(zh).map((key) => key.split('.')[0]))].join('|');
const keyLiteral = new RegExp(`['"\`]((?:${areas})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');

describe('i18n resources', () => {
  it('zh_CN and en_US have the same keys, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const value of [...Object.values(zh), ...Object.values(en)]) expect(value.trim()).not.toBe('');
  });

  it('every literal key in the source exists in both languages', () => {
    const missing: string[] = [];
    for (const file of sources(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(keyLiteral)) {
        const key = match[1] as string;
        // A prefix completed at run time (`codeOptions('company.businessType', ...)`) is fine.
        const isPrefix = key.endsWith('.') || Object.keys(zh).some((known) => known.startsWith(`${key}.`));
        if (!(key in zh) && !isPrefix) missing.push(`${file.slice(src.length)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every page of the seeded menu in both languages', () => {
    for (const screen of ['newCompany', 'userManage', 'roleManage', 'newMune', 'carList', 'terminalM', 'simCare', 'driverManage']) {
      expect(zh).toHaveProperty([`menu.${screen}`]);
      expect(en).toHaveProperty([`menu.${screen}`]);
    }
  });
});
