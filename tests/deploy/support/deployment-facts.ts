import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { ROLES } from '@palm/catalogue';
import { SERVICE_MODULES } from '@palm/catalogue/modules';
import { gatewayConfigSchema, gatewayTargetsSchema } from '@palm/gateway';
import { STACK_PROCESS_NAMES, type StackProcessName } from '../../../scripts/distributed/process-stack';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const readRepoFile = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
export const repoFileExists = (file: string) => existsSync(path.join(ROOT, file));

export type { StackProcessName };
/** The long-running roles of the distributed mode: every catalogued service and the gateway. */
export const APP_ROLES = [...STACK_PROCESS_NAMES];

/** The settings each role reads at start, straight from its config schemas. */
const ROLE_SCHEMAS: Record<string, z.ZodObject[]> = {
  gateway: [gatewayConfigSchema, gatewayTargetsSchema],
  ...Object.fromEntries(SERVICE_MODULES.map((module) => [module.name, [module.configSchema]])),
};

export function variablesReadBy(role: StackProcessName): string[] {
  const schemas = ROLE_SCHEMAS[role];
  if (!schemas) throw new Error(`no service module is named after the role ${role}`);
  return [...new Set(schemas.flatMap((schema) => Object.keys(schema.shape)))].sort();
}

/**
 * The secrets a role can do without because its entry point never opens that connection (least
 * privilege in Kubernetes): no bus without `createBus(`, no S3 credentials without `createBlobStore(`.
 */
export function secretsUnusedBy(role: StackProcessName): string[] {
  // The gateway's main.ts opens what it uses itself; a service module asks its context for it.
  const { entry } = ROLES[role];
  const source = readRepoFile(role === 'gateway' ? entry : entry.replace(/main\.ts$/, `${role}.module.ts`));
  const usesBus = source.includes('createBus(') || /\bbus\(\)/.test(source);
  const usesBlobs = source.includes('createBlobStore(') || /\bblobs\(\)/.test(source);
  return [...(usesBus ? [] : ['AMQP_URL']), ...(usesBlobs ? [] : ['S3_ACCESS_KEY', 'S3_SECRET_KEY'])];
}

export const ALL_CONFIG_VARIABLES = [...new Set(APP_ROLES.flatMap(variablesReadBy))].sort();
