import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  patches?: { path: string }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readYamlDocuments(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

/**
 * Renders a kustomization with the subset of kustomize this repository uses (resources, namespace,
 * images, replicas, strategic-merge patches), so the manifests are checked on machines without
 * kubectl; where kubectl is installed the tests also check both renderings agree.
 */
export function renderKustomization(directory: string): K8sObject[] {
  const kustomization = readYamlDocuments(
    path.join(directory, 'kustomization.yaml'),
  )[0] as unknown as Kustomization;
  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.join(directory, resource);
    return statSync(target).isDirectory() ? renderKustomization(target) : readYamlDocuments(target);
  });
  for (const { path: patchFile } of kustomization.patches ?? []) {
    for (const patch of readYamlDocuments(path.join(directory, patchFile))) {
      const index = objects.findIndex(
        (object) => object.kind === patch.kind && object.metadata.name === patch.metadata.name,
      );
      if (index === -1) throw new Error(`${patchFile}: no ${patch.kind} ${patch.metadata.name} to patch`);
      objects[index] = strategicMerge(objects[index]!, patch) as K8sObject;
    }
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const target = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === name);
    if (!target) throw new Error(`replicas: no Deployment ${name}`);
    (target.spec as Json).replicas = count;
  }
  for (const image of kustomization.images ?? []) {
    for (const container of objects.flatMap(containersOf)) {
      const [name, tag] = splitImage(String(container.image));
      if (name === image.name) container.image = `${image.newName ?? name}:${image.newTag ?? tag}`;
    }
  }
  if (kustomization.namespace) {
    objects = objects.map((object) => ({
      ...object,
      metadata: { ...object.metadata, namespace: kustomization.namespace },
    }));
  }
  return objects;
}

/** The containers of a Deployment's or Job's pod template. */
export function containersOf(object: K8sObject): Json[] {
  const template = (object.spec as Json | undefined)?.template as Json | undefined;
  const containers = (template?.spec as Json | undefined)?.containers;
  return Array.isArray(containers) ? (containers as Json[]) : [];
}

function splitImage(image: string): [string, string | undefined] {
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/')
    ? [image.slice(0, colon), image.slice(colon + 1)]
    : [image, undefined];
}

/** Objects merge key by key; lists of named objects merge by name; any other list is replaced. */
function strategicMerge(base: unknown, patch: unknown): unknown {
  if (isObject(base) && isObject(patch)) {
    const merged: Json = { ...base };
    for (const [key, value] of Object.entries(patch)) merged[key] = strategicMerge(base[key], value);
    return merged;
  }
  if (
    Array.isArray(base) &&
    Array.isArray(patch) &&
    patch.every((item) => isObject(item) && 'name' in item)
  ) {
    const merged = [...base] as unknown[];
    for (const item of patch as Json[]) {
      const index = merged.findIndex((existing) => isObject(existing) && existing.name === item.name);
      if (index === -1) merged.push(item);
      else merged[index] = strategicMerge(merged[index], item);
    }
    return merged;
  }
  return patch;
}

/** `kubectl kustomize` output, or undefined when kubectl is not installed. */
export function renderWithKubectl(directory: string): K8sObject[] | undefined {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', directory], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseAllDocuments(output).map((document) => document.toJS() as K8sObject);
}
