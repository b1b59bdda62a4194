import type { Database, SessionVerifier } from '@palm/platform';
import { randomToken, sha256 } from './secrets';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/**
 * Operator sessions. The id handed out is 256 random bits; only its SHA-256 is stored, so the
 * table alone does not let anyone sign in. A session ends after `idleMs` without use or
 * `absoluteMs` after sign-in, whichever comes first.
 */
export class SessionStore implements SessionVerifier {
  constructor(
    private readonly db: Database,
    private readonly policy: SessionPolicy,
    private readonly now: () => Date,
  ) {}

  async create(): Promise<string> {
    const sessionId = randomToken();
    const now = this.now();
    await this.db('admin_sessions').where('expires_at', '<=', now).delete();
    await this.db('admin_sessions').insert({
      id_hash: sha256(sessionId),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + this.policy.absoluteMs),
    });
    return sessionId;
  }

  /** True for a live session, which this use keeps alive for another idle period. */
  async verify(sessionId: string): Promise<boolean> {
    const now = this.now();
    const touched = await this.db('admin_sessions')
      .where({ id_hash: sha256(sessionId) })
      .andWhere('expires_at', '>', now)
      .andWhere('last_seen_at', '>', new Date(now.getTime() - this.policy.idleMs))
      .update({ last_seen_at: now });
    return touched === 1;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db('admin_sessions')
      .where({ id_hash: sha256(sessionId) })
      .delete();
  }
}
