/**
 * Sub-accounts of main accounts: `user.createSub` (virtual unified sub-accounts),
 * `user.getSubList`, and the legacy `user.batchCreateSubApiKey` which also issues API keys.
 *
 * Usernames are unique across the exchange. A created sub-account's `username` is the e-mail
 * style name `<name>@virtual-bitget.com`. API secrets are generated once, returned once and kept
 * only as a SHA-256 digest.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SUB_API_KEY_PERMISSIONS, SUB_API_KEY_PERMISSIONS_OFFICIAL } from '../../exchange/wire/operations/account.js';
import { SimRejection } from '../contract.js';
import { BackOfficeCode, badParam } from './errors.js';
import { asParams, optEnum, optInt, optString, reqString, type Params } from './params.js';

/** Domain of the virtual e-mail style sub-account names. */
export const VIRTUAL_DOMAIN = 'virtual-bitget.com';

/** Most items in one legacy batch creation (the spec gives no number; chosen). */
export const MAX_BATCH_SUBS = 50;

/**
 * API-key permissions of the legacy batch call: the official page's underscore names (spot_trade,
 * margin_trade, contract_trade, read) and an older revision's hyphen names, as the client's table.
 */
export const SUB_KEY_PERMS: readonly string[] = [...SUB_API_KEY_PERMISSIONS_OFFICIAL, ...SUB_API_KEY_PERMISSIONS];

/** Most sub-accounts on one page of `user.getSubList` (the page's default and maximum). */
export const SUB_LIST_MAX = 100;

/** A page of `user.getSubList` (official page SubAccount-Get). */
export interface SubListPage {
  readonly list: Record<string, string>[];
  /** True when sub-accounts follow this page (a JSON boolean, as the page's example prints it). */
  readonly hasNext: boolean;
  /** subUid of the page's last sub-account; send it as `cursor` for the next page ("" when empty). */
  readonly cursor: string;
}

/** A stored sub-account. */
interface SubAccount {
  readonly mainUid: string;
  readonly subUid: string;
  /** The name as created (lower case), without the domain. */
  readonly name: string;
  readonly note: string;
  readonly accountMode: 'classic' | 'unified';
  readonly createdTime: number;
  /** API key issued by the batch call, with the SHA-256 digests of its secret and passphrase. */
  readonly apiKey?: { readonly key: string; readonly secretDigest: string; readonly passphraseDigest: string };
}

/** Sub-accounts of every main account. */
export class SubAccounts {
  private readonly subs: SubAccount[] = [];
  private seq = 0;

  /** `now` stamps the records (Unix ms). */
  constructor(private readonly now: () => number) {}

  /** `user.createSub`: returns the sub-account record. */
  create(mainUid: string, raw: unknown): SubWire {
    this.refuseSub(mainUid);
    const p = asParams(raw);
    const name = reqString(p, 'username');
    if (!/^[a-z]{1,20}$/.test(name)) throw badParam('username', 'use 1 to 20 lower-case letters a-z only');
    const accountMode = optEnum(p, 'accountMode', ['classic', 'unified'] as const) ?? 'unified';
    const note = optString(p, 'note') ?? '';
    if (note.length > 50) throw badParam('note', `at most 50 characters, got ${note.length}`);
    this.refuseTaken(name);
    const sub = this.add({ mainUid, name, note, accountMode });
    return subWire(sub);
  }

  /**
   * `user.getSubList`: the caller's sub-accounts, oldest first (no secrets), `limit` (default and
   * at most 100) after the sub-account `cursor` names.
   */
  list(mainUid: string, raw: unknown): SubListPage {
    const p = asParams(raw);
    const limit = optInt(p, 'limit', 1, SUB_LIST_MAX) ?? SUB_LIST_MAX;
    const cursor = optString(p, 'cursor');
    if (cursor !== undefined && !/^\d{1,19}$/.test(cursor)) throw badParam('cursor', 'send the cursor of the previous reply');
    const after = this.subs.filter((s) => s.mainUid === mainUid && (cursor === undefined || BigInt(s.subUid) > BigInt(cursor)));
    const page = after.slice(0, limit);
    return { list: page.map(subListWire), hasNext: after.length > page.length, cursor: page.at(-1)?.subUid ?? cursor ?? '' };
  }

  /** `user.batchCreateSubApiKey`: validates every item first, then creates them all. */
  batchCreate(mainUid: string, raw: unknown): Record<string, unknown>[] {
    this.refuseSub(mainUid);
    if (!Array.isArray(raw) || raw.length === 0) throw badParam('body', 'send a non-empty JSON array of sub-accounts');
    if (raw.length > MAX_BATCH_SUBS) throw badParam('body', `at most ${MAX_BATCH_SUBS} sub-accounts per call, got ${raw.length}`);
    const items = raw.map((item: unknown) => readBatchItem(asParams(item)));
    const seen = new Set<string>();
    for (const it of items) {
      const lower = it.name.toLowerCase();
      if (seen.has(lower)) throw badParam('subAccountName', `${it.name} appears twice in the batch`);
      seen.add(lower);
      this.refuseTaken(lower);
    }
    return items.map((it) => {
      const key = `bg_${randomBytes(16).toString('hex')}`;
      const secret = randomBytes(32).toString('hex');
      const sub = this.add({
        mainUid,
        name: it.name.toLowerCase(),
        note: it.label,
        accountMode: 'unified',
        apiKey: { key, secretDigest: sha256(secret), passphraseDigest: sha256(it.passphrase) },
      });
      return {
        subAccountUid: sub.subUid,
        subAccountName: it.name,
        label: it.label,
        subAccountApiKey: key,
        secretKey: secret,
        permList: it.perms.map((x) => x.replaceAll('-', '_')),
        ipList: it.ips,
      };
    });
  }

  /** True if `uid` is one of the sub-accounts created here. */
  isSub(uid: string): boolean {
    return this.subs.some((s) => s.subUid === uid);
  }

  private add(s: Omit<SubAccount, 'subUid' | 'createdTime'>): SubAccount {
    this.seq += 1;
    const sub: SubAccount = { ...s, subUid: String(7_000_000_000 + this.seq), createdTime: this.now() };
    this.subs.push(sub);
    return sub;
  }

  private refuseTaken(name: string): void {
    if (this.subs.some((s) => s.name === name)) {
      throw new SimRejection(BackOfficeCode.NAME_TAKEN, `Sub-account name ${name} is already taken; choose another`);
    }
  }

  private refuseSub(uid: string): void {
    if (this.isSub(uid)) throw new SimRejection(BackOfficeCode.NOT_ALLOWED, 'Only a main account can create sub-accounts');
  }
}

/** One validated legacy batch item. */
interface BatchItem {
  readonly name: string;
  readonly passphrase: string;
  readonly label: string;
  readonly ips: string[];
  readonly perms: string[];
}

function readBatchItem(p: Params): BatchItem {
  const name = reqString(p, 'subAccountName');
  if (!/^[A-Za-z]{8}$/.test(name)) throw badParam('subAccountName', `use exactly 8 English letters, got "${name}"`);
  const passphrase = reqString(p, 'passphrase');
  if (!/^[A-Za-z0-9]{8,32}$/.test(passphrase)) throw badParam('passphrase', 'use 8 to 32 letters and digits');
  const label = reqString(p, 'label');
  if (label.length > 20) throw badParam('label', `at most 20 characters, got ${label.length}`);
  const ips = stringList(p, 'ipList');
  if (ips.length > 30) throw badParam('ipList', `at most 30 addresses, got ${ips.length}`);
  const perms = stringList(p, 'permList');
  for (const perm of perms) {
    if (!SUB_KEY_PERMS.includes(perm)) throw badParam('permList', `unknown permission "${perm}"; use ${SUB_KEY_PERMS.join(', ')}`);
  }
  return { name, passphrase, label, ips, perms };
}

function stringList(p: Params, name: string): string[] {
  const v = p[name];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x): x is string => typeof x === 'string')) throw badParam(name, 'send an array of strings');
  return [...v];
}

/** The sub-account record of the create reply (the list adds accountMode and type). */
interface SubWire {
  readonly username: string;
  readonly subUid: string;
  readonly status: string;
  readonly note: string;
  readonly createdTime: string;
  readonly updatedTime: string;
}

function subWire(s: SubAccount): SubWire {
  return {
    username: `${s.name}@${VIRTUAL_DOMAIN}`,
    subUid: s.subUid,
    status: 'normal',
    note: s.note,
    createdTime: String(s.createdTime),
    updatedTime: String(s.createdTime),
  };
}

/** A sub-list item: the record plus its account mode (upper case) and type, as the list page prints them. */
function subListWire(s: SubAccount): Record<string, string> {
  const { username, subUid, status, note, createdTime, updatedTime } = subWire(s);
  return { subUid, username, status, accountMode: s.accountMode.toUpperCase(), type: 'VIRTUAL_CHILD', note, createdTime, updatedTime };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
