import { useSyncExternalStore } from 'react';
import type { z } from 'zod';

/**
 * The one way the web app keeps data in the browser's local storage (docs/architecture.md,
 * "Dados no aparelho"). Every entry is declared once, with its key (the names of docs/product.md, "O que fica no navegador", where it
 * named them: `doctorSettings`, `savedPrescriptions`…) and its zod schema, and every read goes
 * through that schema: a damaged, outdated or foreign value is read as absent, never trusted.
 *
 * - A doctor's entry is a JSON object that names its doctor (`{ "userId": …, …fields }`): on a
 *   shared computer one doctor never reads another's, and on sign-out they all go
 *   ({@link forgetDoctorEntries}).
 * - A device's entry (the theme, the sidebar folded) is one of a few known words, whoever uses
 *   the device: checked against that list, without zod, so the landing page stays small.
 *
 * Storage may be full or blocked (private mode, policies): failures are only warned about.
 */

/** An entry of one doctor (their open record, unsent writes, conversation…): a JSON object. */
export interface DoctorEntry<T extends object> {
  readonly owner: 'doctor';
  readonly key: string;
  readonly schema: z.ZodType<T>;
}

/** An entry of the device, whoever uses it: one of a few known words. */
export interface DeviceEntry<T extends string> {
  readonly owner: 'device';
  readonly key: string;
  readonly values: readonly T[];
}

const doctorKeys = new Set<string>();
const doctorKeyPrefixes = new Set<string>();

/** Declares an entry of one doctor. */
export function doctorEntry<T extends object>(key: string, schema: z.ZodType<T>): DoctorEntry<T> {
  doctorKeys.add(key);
  return { owner: 'doctor', key, schema };
}

/** Entries of one doctor that share a schema and a key prefix: one per browser tab, say. */
export interface DoctorEntryFamily<T extends object> {
  /** The family's entry `<prefix><suffix>`. */
  entry: (suffix: string) => DoctorEntry<T>;
  /** The suffixes of the family's entries now stored. */
  storedSuffixes: () => string[];
}

/** Declares a family of entries of one doctor, all removed on sign-out. */
export function doctorEntryFamily<T extends object>(
  prefix: string,
  schema: z.ZodType<T>,
): DoctorEntryFamily<T> {
  doctorKeyPrefixes.add(prefix);
  return {
    entry: (suffix) => ({ owner: 'doctor', key: `${prefix}${suffix}`, schema }),
    storedSuffixes: () =>
      storedKeys()
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length)),
  };
}

function storedKeys(): string[] {
  try {
    const storage = globalThis.localStorage;
    return Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
  } catch (error) {
    console.warn('Não foi possível listar o armazenamento local.', error);
    return [];
  }
}

/** Declares an entry of the device and the words it may hold. */
export function deviceEntry<T extends string>(key: string, values: readonly T[]): DeviceEntry<T> {
  return { owner: 'device', key, values };
}

function readRaw(key: string): string | null {
  try {
    return globalThis.localStorage.getItem(key);
  } catch (error) {
    console.warn(`Não foi possível ler "${key}" do armazenamento local.`, error);
    return null;
  }
}

function writeRaw(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage.removeItem(key);
    else globalThis.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Não foi possível salvar "${key}" no armazenamento local.`, error);
  }
  notify(key);
}

/** A doctor's stored value, if it is readable and theirs. */
function decodeDoctorValue<T extends object>(
  entry: DoctorEntry<T>,
  raw: string,
  userId: string,
): T | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    stored = undefined;
  }
  if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
    const { userId: owner, ...value } = stored as Record<string, unknown>;
    // Another doctor's data on a shared computer: not ours to read.
    if (typeof owner === 'string' && owner !== userId) return undefined;
    const parsed = entry.schema.safeParse(value);
    if (owner === userId && parsed.success) return parsed.data;
  }
  console.error(`Dado salvo no navegador ("${entry.key}") está corrompido e foi descartado.`);
  writeRaw(entry.key, null);
  return undefined;
}

function decodeDeviceValue<T extends string>(entry: DeviceEntry<T>, raw: string): T | undefined {
  return entry.values.find((value) => value === raw);
}

/** This doctor's value of the entry, or undefined. */
export function readEntry<T extends object>(entry: DoctorEntry<T>, userId: string): T | undefined;
/** The device's value of the entry, or undefined. */
export function readEntry<T extends string>(entry: DeviceEntry<T>): T | undefined;
export function readEntry(
  entry: DoctorEntry<object> | DeviceEntry<string>,
  userId?: string,
): unknown {
  const raw = readRaw(entry.key);
  if (raw === null) return undefined;
  return entry.owner === 'doctor'
    ? decodeDoctorValue(entry, raw, userId ?? '')
    : decodeDeviceValue(entry, raw);
}

/** Stores this doctor's value of the entry. */
export function writeEntry<T extends object>(entry: DoctorEntry<T>, value: T, userId: string): void;
/** Stores the device's value of the entry. */
export function writeEntry<T extends string>(entry: DeviceEntry<T>, value: T): void;
export function writeEntry(
  entry: DoctorEntry<object> | DeviceEntry<string>,
  value: object | string,
  userId?: string,
): void {
  writeRaw(entry.key, typeof value === 'string' ? value : JSON.stringify({ userId, ...value }));
}

/** Removes the entry. */
export function removeEntry(entry: DoctorEntry<object> | DeviceEntry<string>): void {
  writeRaw(entry.key, null);
}

/** On sign-out: nothing of the doctor stays in this browser for the next person. */
export function forgetDoctorEntries(): void {
  const family = storedKeys().filter((key) =>
    [...doctorKeyPrefixes].some((prefix) => key.startsWith(prefix)),
  );
  for (const key of [...doctorKeys, ...family]) writeRaw(key, null);
}

// --- reading an entry from React, kept up to date (this tab's writes and other tabs') ---------

const listeners = new Map<string, Set<() => void>>();

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

function subscribe(key: string, listener: () => void): () => void {
  const forKey = listeners.get(key) ?? new Set();
  forKey.add(listener);
  listeners.set(key, forKey);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    forKey.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The last raw text read per key and what it decoded to, so an unchanged entry is the same. */
const decoded = new Map<
  string,
  { raw: string | null; userId: string | undefined; value: unknown }
>();

function snapshotOf(entry: DoctorEntry<object> | DeviceEntry<string>, userId?: string): unknown {
  const raw = readRaw(entry.key);
  const cached = decoded.get(entry.key);
  if (cached?.raw === raw && cached.userId === userId) return cached.value;
  const value =
    raw === null
      ? undefined
      : entry.owner === 'doctor'
        ? decodeDoctorValue(entry, raw, userId ?? '')
        : decodeDeviceValue(entry, raw);
  decoded.set(entry.key, { raw, userId, value });
  return value;
}

/** This doctor's value of the entry, re-rendering when it changes. */
export function useEntry<T extends object>(entry: DoctorEntry<T>, userId: string): T | undefined;
/** The device's value of the entry, re-rendering when it changes. */
export function useEntry<T extends string>(entry: DeviceEntry<T>): T | undefined;
export function useEntry(
  entry: DoctorEntry<object> | DeviceEntry<string>,
  userId?: string,
): unknown {
  return useSyncExternalStore(
    (listener) => subscribe(entry.key, listener),
    () => snapshotOf(entry, userId),
  );
}
