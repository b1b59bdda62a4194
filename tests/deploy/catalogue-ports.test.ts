import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPS_PORT, OTHER_ROLES, peersOf, SERVICE_NAMES, SERVICES, urlVariable } from '@palm/catalogue';
import { APP_ROLES, ROOT, readRepoFile, type StackProcessName } from './support/deployment-facts';
import { containersOf, renderKustomization, type K8sObject } from './support/kustomize';

/**
 * Deploy files keep literal ports and addresses (YAML cannot import the catalogue); this is the one
 * place they are checked against it. Everything in TypeScript and shell computes them instead.
 */
const portOf = (role: StackProcessName) =>
  role === 'gateway' ? OTHER_ROLES.gateway.port : SERVICES[role].port;
const servicePorts = SERVICE_NAMES.map((name) => SERVICES[name].port).sort((a, b) => a - b);
/** The ports of the services that some service asks (the services' own calls). */
const peerPorts = [...new Set(SERVICE_NAMES.flatMap((name) => peersOf(name)))]
  .map((name) => SERVICES[name].port)
  .sort((a, b) => a - b);

interface ComposeService {
  environment?: Record<string, string | number>;
  ports?: string[];
}
const compose = parse(readRepoFile('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

type Json = Record<string, unknown>;
interface Container {
  ports: { name: string; containerPort: number }[];
  env: { name: string; value?: string }[];
}
type Rule = { from?: unknown[]; to?: unknown[]; ports?: { port: number }[] };
const ports = (rules: Rule[] = []) =>
  rules.flatMap((rule) => (rule.ports ?? []).map((port) => port.port)).sort((a, b) => a - b);

describe('deploy files state the catalogue’s ports and addresses', () => {
  it('docker-compose.yml: each role’s PORT, the gateway’s targets and each service’s peers', () => {
    for (const role of APP_ROLES) {
      expect(Number(compose.services[role]!.environment!.PORT), role).toBe(portOf(role));
    }
    const gateway = compose.services.gateway!;
    expect(Number(gateway.environment!.OPS_PORT)).toBe(OPS_PORT);
    expect(gateway.ports).toEqual([`\${GATEWAY_PORT:-${portOf('gateway')}}:${portOf('gateway')}`]);
    for (const name of SERVICE_NAMES) {
      expect(gateway.environment![urlVariable(name)], name).toBe(`http://${name}:${SERVICES[name].port}`);
      for (const peer of peersOf(name)) {
        expect(compose.services[name]!.environment![urlVariable(peer)], `${name} → ${peer}`).toBe(
          `http://${peer}:${SERVICES[peer].port}`,
        );
      }
    }
  });

  it('deploy/Dockerfile exposes every role’s port and the operations port', () => {
    const expose = /^EXPOSE (.+)$/m.exec(readRepoFile('deploy/Dockerfile'))?.[1]?.split(' ').map(Number);
    expect(expose?.sort((a, b) => a - b)).toEqual([portOf('gateway'), ...servicePorts, OPS_PORT]);
  });

  describe.each(['dev', 'prod'])('deploy/k8s/overlays/%s', (overlay) => {
    const objects = renderKustomization(path.join(ROOT, 'deploy/k8s/overlays', overlay));
    const get = <T>(kind: string, name: string) => {
      const found = objects.find(
        (object: K8sObject) => object.kind === kind && object.metadata.name === name,
      );
      if (!found) throw new Error(`no ${kind} ${name}`);
      return found as unknown as T;
    };

    it.each(APP_ROLES)('%s: its Service, container port, PORT and scrape port', (role) => {
      const service = get<{ spec: { ports: { port: number }[] } }>('Service', role);
      expect(service.spec.ports[0]!.port).toBe(portOf(role));
      const deployment = get<K8sObject>('Deployment', role);
      const container = containersOf(deployment)[0] as unknown as Container;
      expect(container.ports).toEqual([
        { name: 'http', containerPort: portOf(role) },
        ...(role === 'gateway' ? [{ name: 'ops', containerPort: OPS_PORT }] : []),
      ]);
      expect(container.env.find((variable) => variable.name === 'PORT')?.value).toBe(String(portOf(role)));
      if (role === 'gateway')
        expect(container.env).toContainEqual({ name: 'OPS_PORT', value: String(OPS_PORT) });
      const annotations = (
        deployment as unknown as { spec: { template: { metadata: { annotations: Json } } } }
      ).spec.template.metadata.annotations;
      expect(annotations['prometheus.io/port']).toBe(String(role === 'gateway' ? OPS_PORT : portOf(role)));
    });

    it('the ConfigMap’s service addresses', () => {
      const { data } = get<{ data: Record<string, string> }>('ConfigMap', 'palm-config');
      for (const name of SERVICE_NAMES) {
        expect(data[urlVariable(name)], name).toBe(`http://${name}:${SERVICES[name].port}`);
      }
    });

    it('the network policies: the gateway’s public, operations and service ports, the services’ calls', () => {
      const gateway = get<{ spec: { ingress: Rule[]; egress: Rule[] } }>('NetworkPolicy', 'gateway');
      expect(ports(gateway.spec.egress)).toEqual(servicePorts);
      expect(ports(gateway.spec.ingress.filter((rule) => rule.from === undefined))).toEqual([
        portOf('gateway'),
      ]);
      expect(ports(gateway.spec.ingress.filter((rule) => rule.from !== undefined))).toEqual([OPS_PORT]);
      const services = get<{ spec: { ingress: Rule[]; egress: Rule[] } }>('NetworkPolicy', 'palm-services');
      expect(ports(services.spec.ingress.filter((rule) => (rule.ports ?? []).length > 0))).toEqual(
        servicePorts,
      );
      expect(ports(services.spec.egress.filter((rule) => rule.to !== undefined))).toEqual(peerPorts);
    });
  });
});
