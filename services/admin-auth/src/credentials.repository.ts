import type { Database } from '@palm/platform';
import { AtRestCipher } from './data-key';
import { hashSecret, keyedDigest, secretMatches, sha256 } from './secrets';

export type CredentialSource = 'stored' | 'environment';

export interface Authenticator {
  source: CredentialSource;
  secret: string;
  status: 'pending' | 'active';
  lastTimeStep: number | null;
}

interface AuthenticatorRow {
  source: CredentialSource;
  secret: string | null;
  secret_fingerprint: string;
  status: 'pending' | 'active';
  last_time_step: number | null;
}

interface BackupCodeRow {
  id: number;
  code_hash: string;
  code_digest: string | null;
}

/** The keys the stored credentials are sealed and looked up with (see data-key.ts). */
export interface CredentialKeys {
  cipher: AtRestCipher;
  backupCodeDigest: Buffer;
}

// The row each sealed value belongs to, authenticated with it.
const SECRET_CONTEXT = 'admin_authenticators.secret:stored';
const PENDING_CODES_CONTEXT = 'admin_authenticators.pending_backup_codes:stored';

/** What the environment configures; when any of it is set, the stored setup is not used at all. */
export interface EnvironmentCredentials {
  totpSecret?: string;
  backupCodes?: string[];
}

/**
 * The operator's authenticator secret and backup codes, from setup (stored) or from the
 * environment. Every check that must hold under concurrency — a time step accepted once, a
 * backup code used once — is a single conditional UPDATE, so it holds across processes too.
 * The stored secret and the backup codes still to be shown are kept sealed (AES-256-GCM); each
 * backup code is kept as a slow hash plus a keyed digest to find it by.
 */
export class CredentialsRepository {
  constructor(
    private readonly db: Database,
    private readonly environment: EnvironmentCredentials,
    private readonly keys: CredentialKeys,
  ) {}

  private digest(code: string): string {
    return keyedDigest(this.keys.backupCodeDigest, code);
  }

  private async backupCodeRows(codes: readonly string[], source: CredentialSource, now: Date) {
    return Promise.all(
      codes.map(async (code) => ({
        source,
        code_hash: await hashSecret(code),
        code_digest: this.digest(code),
        created_at: now,
      })),
    );
  }

  /**
   * Seals a stored secret and pending codes still kept in plain text (rows from before
   * encryption at rest), then opens them once: a data key that is not the one they were sealed
   * with stops start-up with DataKeyMismatchError rather than failing every sign-in.
   */
  async sealStoredSecrets(): Promise<void> {
    const row = await this.db<AuthenticatorRow & { pending_backup_codes: string | null }>(
      'admin_authenticators',
    )
      .where({ source: 'stored' })
      .first();
    if (!row) return;
    const { cipher } = this.keys;
    const update: Record<string, string> = {};
    if (row.secret && !AtRestCipher.isSealed(row.secret))
      update.secret = cipher.seal(row.secret, SECRET_CONTEXT);
    if (row.pending_backup_codes && !AtRestCipher.isSealed(row.pending_backup_codes)) {
      update.pending_backup_codes = cipher.seal(row.pending_backup_codes, PENDING_CODES_CONTEXT);
    }
    if (Object.keys(update).length > 0) {
      await this.db('admin_authenticators').where({ source: 'stored', secret: row.secret }).update(update);
    }
    if (row.secret && AtRestCipher.isSealed(row.secret)) this.openSecret(row.secret);
    const pending = this.pendingCodes(update.pending_backup_codes ?? row.pending_backup_codes);
    if (pending) await this.fillMissingDigests('stored', pending);
  }

  private openSecret(sealed: string): string {
    return this.keys.cipher.open(sealed, SECRET_CONTEXT, 'authenticator secret');
  }

  private pendingCodes(sealed: string | null): string[] | undefined {
    if (!sealed) return undefined;
    return this.keys.cipher.open(sealed, PENDING_CODES_CONTEXT, 'pending backup codes').split(',');
  }

  /**
   * Gives rows from before the digests theirs, where the plain codes are known (the environment's,
   * or a setup still pending): each row is matched to its code by its slow hash, once, at start.
   */
  private async fillMissingDigests(source: CredentialSource, codes: readonly string[]): Promise<void> {
    const missing: BackupCodeRow[] = await this.db('admin_backup_codes')
      .where({ source })
      .whereNull('code_digest')
      .select('id', 'code_hash', 'code_digest');
    const unmatched = new Set(codes);
    for (const row of missing) {
      for (const code of unmatched) {
        // One at a time: a one-off at start must not fill the thread pool all requests share.
        if (!(await secretMatches(code, row.code_hash))) continue;
        await this.db('admin_backup_codes')
          .where({ id: row.id })
          .update({ code_digest: this.digest(code) });
        unmatched.delete(code);
        break;
      }
    }
  }

  /** Backup codes stored before digests whose plain text is gone: found only by trying each slow hash. */
  async countUndigestedBackupCodes(): Promise<number> {
    const [row] = await this.db('admin_backup_codes')
      .where({ source: this.source })
      .whereNull('used_at')
      .whereNull('code_digest')
      .count<{ count: number | string }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  get configuredByEnvironment(): boolean {
    return this.environment.totpSecret !== undefined || this.environment.backupCodes !== undefined;
  }

  private get source(): CredentialSource {
    return this.configuredByEnvironment ? 'environment' : 'stored';
  }

  /** Brings the environment's rows in line with the environment, keeping replay and use state when unchanged. */
  async syncEnvironment(now: Date): Promise<void> {
    const { totpSecret, backupCodes } = this.environment;
    if (totpSecret === undefined) {
      await this.db('admin_authenticators').where({ source: 'environment' }).delete();
    } else {
      const fingerprint = sha256(totpSecret);
      const existing = await this.db<AuthenticatorRow>('admin_authenticators')
        .where({ source: 'environment' })
        .first();
      if (existing?.secret_fingerprint !== fingerprint) {
        await this.db('admin_authenticators')
          .insert({
            source: 'environment',
            secret: null,
            secret_fingerprint: fingerprint,
            status: 'active',
            last_time_step: null,
            created_at: now,
            activated_at: now,
          })
          .onConflict('source')
          .merge();
      }
    }

    if (backupCodes === undefined) {
      await this.db('admin_backup_codes').where({ source: 'environment' }).delete();
      return;
    }
    const listKey = [...backupCodes].sort().join(',');
    const current: { list_hash: string | null } | undefined = await this.db('admin_backup_codes')
      .where({ source: 'environment' })
      .first('list_hash');
    if (current?.list_hash && (await secretMatches(listKey, current.list_hash))) {
      // Digests made under another data key (it was rotated) are made anew, like missing ones.
      await this.db('admin_backup_codes')
        .where({ source: 'environment' })
        .whereNotIn(
          'code_digest',
          backupCodes.map((code) => this.digest(code)),
        )
        .update({ code_digest: null });
      await this.fillMissingDigests('environment', backupCodes);
      return;
    }
    const listHash = await hashSecret(listKey);
    const rows = (await this.backupCodeRows(backupCodes, 'environment', now)).map((row) => ({
      ...row,
      list_hash: listHash,
    }));
    await this.db.transaction(async (trx) => {
      await trx('admin_backup_codes').where({ source: 'environment' }).delete();
      await trx('admin_backup_codes').insert(rows);
    });
  }

  /** The authenticator codes are checked against now: the environment's, else the stored one (pending or active). */
  async current(): Promise<Authenticator | undefined> {
    const row = await this.db<AuthenticatorRow>('admin_authenticators')
      .where({ source: this.source })
      .first();
    if (!row) return undefined;
    const stored = row.secret && AtRestCipher.isSealed(row.secret) ? this.openSecret(row.secret) : row.secret;
    const secret = row.source === 'environment' ? this.environment.totpSecret : stored;
    if (!secret) return undefined;
    return { source: row.source, secret, status: row.status, lastTimeStep: row.last_time_step };
  }

  async isConfigured(): Promise<boolean> {
    if (this.configuredByEnvironment) return true;
    return (await this.current())?.status === 'active';
  }

  /**
   * The pending setup, made now if there is none: the same secret and backup codes on every call
   * until the first code activates it, unless `startOver` replaces it with new ones. Undefined once
   * an authenticator is active, checked inside the transaction so two setups cannot both win.
   */
  async beginSetup(
    fresh: { secret: string; backupCodes: string[] },
    now: Date,
    options: { startOver?: boolean } = {},
  ): Promise<{ secret: string; backupCodes: string[] } | undefined> {
    if (this.configuredByEnvironment) return undefined;
    const codeRows = await this.backupCodeRows(fresh.backupCodes, 'stored', now);
    return this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['admin_auth:setup']);
      const existing = await trx<AuthenticatorRow & { pending_backup_codes: string | null }>(
        'admin_authenticators',
      )
        .where({ source: 'stored' })
        .first();
      if (existing?.status === 'active') return undefined;
      if (existing?.secret && existing.pending_backup_codes && !options.startOver) {
        return {
          secret: this.openSecret(existing.secret),
          backupCodes: this.pendingCodes(existing.pending_backup_codes) ?? [],
        };
      }
      await trx('admin_authenticators').where({ source: 'stored' }).delete();
      await trx('admin_backup_codes').where({ source: 'stored' }).delete();
      await trx('admin_authenticators').insert({
        source: 'stored',
        secret: this.keys.cipher.seal(fresh.secret, SECRET_CONTEXT),
        secret_fingerprint: sha256(fresh.secret),
        status: 'pending',
        last_time_step: null,
        created_at: now,
        pending_backup_codes: this.keys.cipher.seal(fresh.backupCodes.join(','), PENDING_CODES_CONTEXT),
      });
      await trx('admin_backup_codes').insert(codeRows);
      return fresh;
    });
  }

  /**
   * Records `timeStep` as the last one accepted for this authenticator, unless a step as new was
   * already accepted (a replay, or the same code racing in twice). The first accepted code also
   * makes a pending authenticator the active one.
   */
  async acceptTimeStep(authenticator: Authenticator, timeStep: number, now: Date): Promise<boolean> {
    const updated = await this.db('admin_authenticators')
      .where({ source: authenticator.source, secret_fingerprint: sha256(authenticator.secret) })
      .andWhere((query) => query.whereNull('last_time_step').orWhere('last_time_step', '<', timeStep))
      .update({
        last_time_step: timeStep,
        status: 'active',
        pending_backup_codes: null,
        activated_at: this.db.raw('coalesce(activated_at, ?)', [now]),
      });
    return updated === 1;
  }

  /**
   * Uses up a matching unused backup code; of two simultaneous uses of one code exactly one
   * succeeds. The code is found by its digest and then checked against that one slow hash, so a
   * guess costs at most one scrypt. Only codes stored before digests (see fillMissingDigests)
   * are tried one slow hash at a time, one after another, until they are used or replaced.
   */
  async consumeBackupCode(code: string, now: Date): Promise<boolean> {
    const source = this.source;
    const candidates: BackupCodeRow[] = await this.db('admin_backup_codes')
      .where({ source })
      .whereNull('used_at')
      .andWhere((query) => query.where({ code_digest: this.digest(code) }).orWhereNull('code_digest'))
      .orderByRaw('code_digest is null')
      .select('id', 'code_hash', 'code_digest');
    let match: BackupCodeRow | undefined;
    for (const row of candidates) {
      if (await secretMatches(code, row.code_hash)) {
        match = row;
        break;
      }
      // A digest that matched but a hash that did not: the row was tampered with; try no further.
      if (row.code_digest !== null) break;
    }
    if (!match) return false;
    const updated = await this.db('admin_backup_codes')
      .where({ id: match.id })
      .whereNull('used_at')
      .update({ used_at: now });
    if (updated !== 1) return false;
    if (source === 'stored') {
      // Codes from a setup that is still pending prove the operator holds that setup's response.
      await this.db('admin_authenticators')
        .where({ source: 'stored', status: 'pending' })
        .update({ status: 'active', activated_at: now, pending_backup_codes: null });
    }
    return true;
  }
}
