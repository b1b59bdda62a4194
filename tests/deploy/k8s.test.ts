import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS_PORT, ROLE_NAMES } from '@palm/catalogue';
import { MAX_PALM_UPLOAD_BYTES, QUEUES } from '@palm/contracts';
import {
  ALL_CONFIG_VARIABLES,
  APP_ROLES,
  ROOT,
  secretsUnusedBy,
  variablesReadBy,
  type StackProcessName,
} from './support/deployment-facts';
import {
  readYamlDocuments,
  renderKustomization,
  renderWithKubectl,
  type K8sObject,
} from './support/kustomize';

const K8S = path.join(ROOT, 'deploy/k8s');
const OVERLAYS = ['dev', 'prod'] as const;
const rendered = Object.fromEntries(
  OVERLAYS.map((overlay) => [overlay, renderKustomization(path.join(K8S, 'overlays', overlay))]),
) as Record<(typeof OVERLAYS)[number], K8sObject[]>;
const secretExample = readYamlDocuments(path.join(K8S, 'base/secret.example.yaml'))[0]!;
const secretKeys = Object.keys(secretExample.stringData as Record<string, string>);

interface Probe {
  httpGet: { path: string; port: string };
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef: { name: string; key: string } };
}
interface Container {
  args: string[];
  image: string;
  ports: { name: string; containerPort: number }[];
  env: EnvVar[];
  envFrom: unknown[];
  livenessProbe: Probe;
  readinessProbe: Probe;
  resources: Record<'requests' | 'limits', Record<string, string>>;
  securityContext: unknown;
}
interface Workload {
  spec: {
    replicas?: number;
    template: { spec: { securityContext: Record<string, unknown>; containers: Container[] } };
  };
}
interface ServiceObject {
  spec: { type?: string; selector: Record<string, string>; ports: { port: number }[] };
}
interface Trigger {
  type: string;
  metadata: Record<string, string>;
  authenticationRef?: { name: string };
}
interface ScaledObject {
  spec: { scaleTargetRef: { name: string }; triggers: Trigger[]; fallback: { replicas: number } };
}

/** The object of that kind and name, typed as the parts a test reads. */
function get<T>(objects: K8sObject[], kind: string, name: string): T {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found as unknown as T;
}
const containerOf = (objects: K8sObject[], kind: string, name: string) =>
  get<Workload>(objects, kind, name).spec.template.spec.containers[0]!;
const byKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
const sortObjects = (objects: K8sObject[]) =>
  [...objects].sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));

describe.each(OVERLAYS)('deploy/k8s/overlays/%s', (overlay) => {
  const objects = rendered[overlay];
  const configMap = get<{ data: Record<string, string> }>(objects, 'ConfigMap', 'palm-config');

  it('renders the same with kubectl kustomize, where kubectl is installed', () => {
    const byKubectl = renderWithKubectl(path.join(K8S, 'overlays', overlay));
    if (byKubectl) expect(sortObjects(byKubectl)).toEqual(sortObjects(objects));
    expect(
      objects.every(
        (object) => object.metadata.namespace === (overlay === 'dev' ? 'palm-dev' : 'palm-reading'),
      ),
    ).toBe(true);
  });

  it('has a Deployment, a Service and a PodDisruptionBudget for every service', () => {
    expect(
      byKind(objects, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...APP_ROLES].sort());
    for (const role of APP_ROLES) {
      const service = get<ServiceObject>(objects, 'Service', role);
      expect(service.spec.selector).toEqual({ 'app.kubernetes.io/name': role });
      const budget = get<{ spec: { selector: unknown } }>(objects, 'PodDisruptionBudget', role);
      expect(budget.spec.selector).toEqual({
        matchLabels: {
          'app.kubernetes.io/name': role,
        },
      });
    }
  });

  it.each(APP_ROLES)('runs %s with probes, resources and a locked-down, non-root container', (role) => {
    const pod = get<Workload>(objects, 'Deployment', role).spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    const container = containerOf(objects, 'Deployment', role);
    expect(container.args).toEqual([role]);
    expect(ROLE_NAMES).toContain(role);
    // The gateway's probes and metrics are on its operations port, which no Service or Ingress exposes.
    const probePort = role === 'gateway' ? 'ops' : 'http';
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: probePort });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: probePort });
    // Which ports they are: catalogue-ports.test.ts.
    expect(container.ports.map((port) => port.name)).toEqual(role === 'gateway' ? ['http', 'ops'] : ['http']);
    for (const kind of ['requests', 'limits'] as const) {
      expect(Object.keys(container.resources[kind]).sort(), kind).toEqual(['cpu', 'memory']);
    }
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.image).toBe(`registry.example.com/palm-reading:${overlay === 'dev' ? 'dev' : '1.0.0'}`);
  });

  it.each(APP_ROLES)('gives %s every setting its configuration schema reads', (role: StackProcessName) => {
    const container = containerOf(objects, 'Deployment', role);
    const env = container.env;
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'palm-config' } }]);
    for (const { valueFrom } of env.filter((variable) => variable.valueFrom)) {
      expect(valueFrom!.secretKeyRef.name).toBe('palm-secrets');
      expect(secretKeys).toContain(valueFrom!.secretKeyRef.key);
    }
    const provided = new Set([...Object.keys(configMap.data), ...env.map((variable) => variable.name)]);
    const unused = secretsUnusedBy(role);
    const missing = variablesReadBy(role).filter(
      (variable) => !provided.has(variable) && !unused.includes(variable),
    );
    expect(missing).toEqual([]);
    expect(env.map((variable) => variable.name)).toContain('PORT');
  });

  it('keeps secrets out of the ConfigMap, and the two together cover every setting', () => {
    // The ports are set on each container (the gateway's OPS_PORT too), not in the ConfigMap.
    const configured = new Set([...Object.keys(configMap.data), ...secretKeys, 'PORT', 'OPS_PORT']);
    expect(ALL_CONFIG_VARIABLES.filter((variable) => !configured.has(variable))).toEqual([]);
    expect(Object.keys(configMap.data).filter((key) => secretKeys.includes(key))).toEqual([]);
    for (const secret of [
      'DATABASE_URL',
      'AMQP_URL',
      'S3_SECRET_KEY',
      'ADMIN_TOTP_SECRET',
      'OPENAI_API_KEY',
    ]) {
      expect(secretKeys).toContain(secret);
    }
    expect(byKind(objects, 'Secret')).toEqual([]);
  });

  it('migrates the database in a Job that runs the image as a non-root user', () => {
    const job = get<Workload>(objects, 'Job', 'palm-migrate');
    const container = containerOf(objects, 'Job', 'palm-migrate');
    expect(container.args).toEqual(['migrate']);
    expect(job.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    expect(container.env).toContainEqual(
      expect.objectContaining({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'palm-secrets', key: 'DATABASE_URL' } },
      }),
    );
  });

  it('reaches PostgreSQL, RabbitMQ and S3 as external services, and the gateway through an Ingress', () => {
    for (const name of ['postgres', 'rabbitmq', 'minio']) {
      expect(get<ServiceObject>(objects, 'Service', name).spec.type).toBe('ExternalName');
    }
    expect(configMap.data.S3_ENDPOINT).toBe('http://minio:9000');
    expect((secretExample.stringData as Record<string, string>).DATABASE_URL).toMatch(/@postgres:5432\//);
    type Ingress = { spec: { rules: { http: { paths: { backend: { service: unknown } }[] } }[] } };
    const ingress = get<Ingress>(objects, 'Ingress', 'gateway');
    expect(ingress.spec.rules[0]!.http.paths[0]!.backend.service).toEqual({
      name: 'gateway',
      port: { name: 'http' },
    });
  });

  it('lets a palm photo with all its extra frames through the Ingress, so the product answers a form too large', () => {
    type Annotated = { metadata: { annotations: Record<string, string> } };
    const annotations = get<Annotated>(objects, 'Ingress', 'gateway').metadata.annotations;
    const size = /^(\d+)m$/.exec(annotations['nginx.ingress.kubernetes.io/proxy-body-size']!);
    expect(size).not.toBeNull();
    expect(Number(size![1]) * 1024 * 1024).toBeGreaterThanOrEqual(MAX_PALM_UPLOAD_BYTES + 256 * 1024);
  });
});

it('withholds only secrets a service never uses', () => {
  expect(secretsUnusedBy('admin-auth')).toEqual(['AMQP_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']);
  expect(secretsUnusedBy('reading')).toEqual([]);
  expect(secretsUnusedBy('ai-worker')).toEqual([]);
});

describe('the prod overlay', () => {
  const objects = rendered.prod;

  it('runs more than one replica of every service, with larger limits for the busy ones', () => {
    for (const role of APP_ROLES) {
      expect(get<Workload>(objects, 'Deployment', role).spec.replicas).toBeGreaterThan(1);
    }
    const worker = containerOf(objects, 'Deployment', 'ai-worker');
    const devWorker = containerOf(rendered.dev, 'Deployment', 'ai-worker');
    expect(worker.resources.limits.memory).not.toBe(devWorker.resources.limits.memory);
  });

  it('scales the AI worker with KEDA on its RabbitMQ queue, with a CPU trigger and fallback replicas', () => {
    const scaled = get<ScaledObject>(objects, 'ScaledObject', 'ai-worker');
    expect(scaled.spec.scaleTargetRef.name).toBe('ai-worker');
    const rabbit = scaled.spec.triggers.find((trigger) => trigger.type === 'rabbitmq')!;
    expect(rabbit.metadata.queueName).toBe(QUEUES.aiWorkerReadings.name);
    expect(scaled.spec.triggers.map((trigger) => trigger.type)).toContain('cpu');
    expect(scaled.spec.fallback.replicas).toBeGreaterThan(0);
    const auth = get<{ spec: { secretTargetRef: unknown } }>(
      objects,
      'TriggerAuthentication',
      rabbit.authenticationRef!.name,
    );
    expect(auth.spec.secretTargetRef).toEqual([{ parameter: 'host', name: 'palm-secrets', key: 'AMQP_URL' }]);
  });

  it('ships a plain HPA for clusters without KEDA, aimed at the same Deployment', () => {
    const hpa = get<{ spec: { scaleTargetRef: unknown } }>(
      readYamlDocuments(path.join(K8S, 'overlays/prod/hpa-without-keda.yaml')),
      'HorizontalPodAutoscaler',
      'ai-worker',
    );
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'ai-worker',
    });
    expect(byKind(objects, 'HorizontalPodAutoscaler')).toEqual([]);
  });
});

describe('network policies', () => {
  type Port = { port: number };
  type Rule = { from?: unknown[]; to?: unknown[]; ports?: Port[] };
  type Policy = { spec: { policyTypes: string[]; ingress?: Rule[]; egress?: Rule[] } };
  const objects = rendered.prod;
  const portsOf = (rules: Rule[] = []) => rules.flatMap((rule) => (rule.ports ?? []).map((p) => p.port));

  it('denies everything of the product by default, in and out', () => {
    const deny = get<Policy>(objects, 'NetworkPolicy', 'palm-default-deny');
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(deny.spec.ingress).toBeUndefined();
    expect(deny.spec.egress).toBeUndefined();
  });

  it('lets the gateway reach the services only, and nothing reach the services but the product', () => {
    // Which ports each rule opens: catalogue-ports.test.ts.
    const gateway = get<Policy>(objects, 'NetworkPolicy', 'gateway');
    expect(gateway.spec.egress!.every((rule) => rule.to !== undefined)).toBe(true);
    const services = get<Policy>(objects, 'NetworkPolicy', 'palm-services');
    expect(services.spec.ingress!.every((rule) => rule.from !== undefined)).toBe(true);
    expect(portsOf(services.spec.egress)).toEqual(expect.arrayContaining([5432, 5672, 9000]));
  });

  it("keeps the gateway's operations port (/readyz, /metrics) out of the Service, the Ingress and the public rule", () => {
    const gateway = get<Policy>(objects, 'NetworkPolicy', 'gateway');
    const open = gateway.spec.ingress!.filter((rule) => rule.from === undefined);
    const monitoring = gateway.spec.ingress!.filter((rule) => rule.from !== undefined);
    expect(portsOf(open)).not.toContain(OPS_PORT);
    expect(portsOf(monitoring)).toEqual([OPS_PORT]);
    expect(monitoring[0]!.from).toEqual([
      { namespaceSelector: { matchLabels: { 'palm-reading/monitoring': 'true' } } },
    ]);
    const service = get<{ spec: { ports: { targetPort: string }[] } }>(objects, 'Service', 'gateway');
    expect(service.spec.ports.map((port) => port.targetPort)).toEqual(['http']);
    const pod = get<{ spec: { template: { metadata: { annotations: Record<string, string> } } } }>(
      objects,
      'Deployment',
      'gateway',
    );
    expect(pod.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(OPS_PORT));
  });
});
