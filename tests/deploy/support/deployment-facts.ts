import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { adminAuthConfigSchema } from '@palm/admin-auth';
import { aiWorkerConfigSchema } from '@palm/ai-worker';
import { flowConfigSchema } from '@palm/flow';
import { promptConfigSchema } from '@palm/prompt';
import { readingConfigSchema } from '@palm/reading';
import { gatewayConfigSchema, gatewayTargetsSchema } from '../../../gateway/src/config';
import { STACK_PROCESSES, type StackProcessName } from '../../../scripts/distributed/process-stack';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const readRepoFile = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
export const repoFileExists = (file: string) => existsSync(path.join(ROOT, file));

export { STACK_PROCESSES, type StackProcessName };
export const APP_ROLES = Object.keys(STACK_PROCESSES) as StackProcessName[];

/** The settings each role reads at start, straight from its config schemas. */
const ROLE_SCHEMAS: Record<StackProcessName, z.ZodObject[]> = {
  gateway: [gatewayConfigSchema, gatewayTargetsSchema],
  reading: [readingConfigSchema],
  flow: [flowConfigSchema],
  'admin-auth': [adminAuthConfigSchema],
  prompt: [promptConfigSchema],
  'ai-worker': [aiWorkerConfigSchema],
};

export function variablesReadBy(role: StackProcessName): string[] {
  return [...new Set(ROLE_SCHEMAS[role].flatMap((schema) => Object.keys(schema.shape)))].sort();
}

/**
 * The secrets a role can do without because its entry point never opens that connection (least
 * privilege in Kubernetes): no bus without `createBus(`, no S3 credentials without `createBlobStore(`.
 */
export function secretsUnusedBy(role: StackProcessName): string[] {
  const main = readRepoFile(STACK_PROCESSES[role].entry);
  // A main.ts opens the bus and blobs itself, or asks runServiceProcess's context for them.
  const usesBus = main.includes('createBus(') || /\bbus\(\)/.test(main);
  const usesBlobs = main.includes('createBlobStore(') || /\bblobs\(\)/.test(main);
  return [...(usesBus ? [] : ['AMQP_URL']), ...(usesBlobs ? [] : ['S3_ACCESS_KEY', 'S3_SECRET_KEY'])];
}

export const ALL_CONFIG_VARIABLES = [...new Set(APP_ROLES.flatMap(variablesReadBy))].sort();

export interface EntrypointRole {
  entry: string;
  defaultPort: number | undefined;
}

/** The roles of deploy/docker-entrypoint.sh, read from its `case` arms. */
export function entrypointRoles(): Record<string, EntrypointRole> {
  const script = readRepoFile('deploy/docker-entrypoint.sh');
  const roles: Record<string, EntrypointRole> = {};
  for (const match of script.matchAll(/^\s*([a-z-]+)\) entry=(\S+)(?: default_port=(\d+))?/gm)) {
    roles[match[1]!] = { entry: match[2]!, defaultPort: match[3] ? Number(match[3]) : undefined };
  }
  return roles;
}
