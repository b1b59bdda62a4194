import type { Database } from '@palm/platform';
import { hashSecret, secretMatches, sha256 } from './secrets';

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

/** What the environment configures; when any of it is set, the stored setup is not used at all. */
export interface EnvironmentCredentials {
  totpSecret?: string;
  backupCodes?: string[];
}

/**
 * The operator's authenticator secret and backup codes, from setup (stored) or from the
 * environment. Every check that must hold under concurrency — a time step accepted once, a
 * backup code used once — is a single conditional UPDATE, so it holds across processes too.
 */
export class CredentialsRepository {
  constructor(
    private readonly db: Database,
    private readonly environment: EnvironmentCredentials,
  ) {}

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
    if (current?.list_hash && (await secretMatches(listKey, current.list_hash))) return;
    const listHash = await hashSecret(listKey);
    const rows = await Promise.all(
      backupCodes.map(async (code) => ({
        source: 'environment',
        code_hash: await hashSecret(code),
        list_hash: listHash,
        created_at: now,
      })),
    );
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
    const secret = row.source === 'environment' ? this.environment.totpSecret : row.secret;
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
    const codeRows = await Promise.all(
      fresh.backupCodes.map(async (code) => ({
        source: 'stored',
        code_hash: await hashSecret(code),
        created_at: now,
      })),
    );
    return this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['admin_auth:setup']);
      const existing = await trx<AuthenticatorRow & { pending_backup_codes: string | null }>(
        'admin_authenticators',
      )
        .where({ source: 'stored' })
        .first();
      if (existing?.status === 'active') return undefined;
      if (existing?.secret && existing.pending_backup_codes && !options.startOver) {
        return { secret: existing.secret, backupCodes: existing.pending_backup_codes.split(',') };
      }
      await trx('admin_authenticators').where({ source: 'stored' }).delete();
      await trx('admin_backup_codes').where({ source: 'stored' }).delete();
      await trx('admin_authenticators').insert({
        source: 'stored',
        secret: fresh.secret,
        secret_fingerprint: sha256(fresh.secret),
        status: 'pending',
        last_time_step: null,
        created_at: now,
        pending_backup_codes: fresh.backupCodes.join(','),
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

  /** Uses up a matching unused backup code; of two simultaneous uses of one code exactly one succeeds. */
  async consumeBackupCode(code: string, now: Date): Promise<boolean> {
    const source = this.source;
    const unused: { id: number; code_hash: string }[] = await this.db('admin_backup_codes')
      .where({ source })
      .whereNull('used_at')
      .select('id', 'code_hash');
    const matches = await Promise.all(unused.map((row) => secretMatches(code, row.code_hash)));
    const match = unused.find((_row, index) => matches[index]);
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
