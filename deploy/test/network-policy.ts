/**
 * Who may connect to whom under a set of NetworkPolicies, as Kubernetes decides it: a pod that no
 * policy selects for a direction is open in it; a selected pod admits only what one of the rules that
 * select it allows (egress at the source and ingress at the destination must both allow). Enough of
 * the API for deploy/k8s: pod and namespace selectors (matchLabels, matchExpressions with In), ipBlock
 * with except, and ports by number or by the destination container's port name.
 */
import type { K8sObject } from './kustomize.ts';

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values: string[] }>;
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: Array<{ protocol?: string; port: number | string }>;
}
interface Policy extends K8sObject {
  spec: {
    podSelector: Selector;
    policyTypes: Array<'Ingress' | 'Egress'>;
    ingress?: Rule[];
    egress?: Rule[];
  };
}

/** A pod: its namespace, its labels and its named ports; or an address outside the cluster. */
export type Endpoint =
  | { namespace: string; labels: Record<string, string>; ports?: Record<string, number> }
  | { ip: string };

function matches(selector: Selector, labels: Record<string, string>): boolean {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (labels[key] !== value) return false;
  for (const expression of selector.matchExpressions ?? []) {
    if (expression.operator !== 'In')
      throw new Error(`operator ${expression.operator} not modelled`);
    const value = labels[expression.key];
    if (value === undefined || !expression.values.includes(value)) return false;
  }
  return true;
}

const ipv4 = (ip: string) => ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);
function inCidr(ip: string, cidr: string): boolean {
  const [base = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base) / size);
}

function peerMatches(peer: Peer, other: Endpoint, policyNamespace: string): boolean {
  if ('ip' in other) {
    if (!peer.ipBlock) return false;
    return (
      inCidr(other.ip, peer.ipBlock.cidr) &&
      !(peer.ipBlock.except ?? []).some((cidr) => inCidr(other.ip, cidr))
    );
  }
  if (peer.ipBlock) return false;
  const namespaceLabels = { 'kubernetes.io/metadata.name': other.namespace };
  const inNamespace = peer.namespaceSelector
    ? matches(peer.namespaceSelector, namespaceLabels)
    : other.namespace === policyNamespace;
  return inNamespace && (!peer.podSelector || matches(peer.podSelector, other.labels));
}

function portMatches(rule: Rule, destination: Endpoint, port: number): boolean {
  if (!rule.ports) return true;
  const named = 'ip' in destination ? {} : (destination.ports ?? {});
  return rule.ports.some((allowed) =>
    typeof allowed.port === 'number' ? allowed.port === port : named[allowed.port] === port,
  );
}

function admits(
  policies: Policy[],
  namespace: string,
  selected: Endpoint,
  direction: 'Ingress' | 'Egress',
  other: Endpoint,
  destination: Endpoint,
  port: number,
): boolean {
  if ('ip' in selected || selected.namespace !== namespace) return true;
  const applying = policies.filter(
    (policy) =>
      policy.spec.policyTypes.includes(direction) &&
      matches(policy.spec.podSelector, selected.labels),
  );
  if (applying.length === 0) return true;
  return applying.some((policy) =>
    ((direction === 'Ingress' ? policy.spec.ingress : policy.spec.egress) ?? []).some(
      (rule) =>
        ((direction === 'Ingress' ? rule.from : rule.to) ?? [{}]).some(
          (peer) => Object.keys(peer).length === 0 || peerMatches(peer, other, namespace),
        ) && portMatches(rule, destination, port),
    ),
  );
}

/** Whether a TCP connection from one endpoint to a port of another gets through. */
export function canConnect(
  objects: K8sObject[],
  namespace: string,
  from: Endpoint,
  to: Endpoint,
  port: number,
): boolean {
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy') as Policy[];
  return (
    admits(policies, namespace, from, 'Egress', to, to, port) &&
    admits(policies, namespace, to, 'Ingress', from, to, port)
  );
}
