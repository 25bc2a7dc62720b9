import type { PodSpec } from './rendered-manifests';

/**
 * The Kubernetes Pod Security Standards' `restricted` profile (which includes `baseline`), as the admission controller
 * applies it to a pod spec: https://kubernetes.io/docs/concepts/security/pod-security-standards/. Returns one line
 * per control the pod fails, naming the container.
 */
const RESTRICTED_VOLUMES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);
const SAFE_SYSCTLS = new Set([
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.ip_unprivileged_port_start',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_local_reserved_ports',
  'net.ipv4.tcp_keepalive_time',
  'net.ipv4.tcp_fin_timeout',
  'net.ipv4.tcp_keepalive_intvl',
  'net.ipv4.tcp_keepalive_probes',
]);
const SELINUX_TYPES = new Set([
  undefined,
  '',
  'container_t',
  'container_init_t',
  'container_kvm_t',
  'container_engine_t',
]);
const CONFINED = new Set(['RuntimeDefault', 'Localhost']);

/* eslint-disable @typescript-eslint/no-explicit-any -- pod specs are untyped YAML */
export function restrictedViolations(spec: PodSpec): string[] {
  const problems: string[] = [];
  const pod = spec.securityContext ?? {};
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC'])
    if (spec[field] === true) problems.push(`pod: ${field}`);
  for (const volume of spec.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!type || !RESTRICTED_VOLUMES.has(type)) problems.push(`volume ${volume.name}: type ${type}`);
  }
  for (const sysctl of pod.sysctls ?? [])
    if (!SAFE_SYSCTLS.has(sysctl.name)) problems.push(`pod: sysctl ${sysctl.name}`);
  if (pod.runAsUser === 0) problems.push('pod: runAsUser 0');
  if (pod.seccompProfile && !CONFINED.has(pod.seccompProfile.type))
    problems.push(`pod: seccompProfile ${pod.seccompProfile.type}`);
  if (pod.appArmorProfile && !CONFINED.has(pod.appArmorProfile.type))
    problems.push(`pod: appArmorProfile ${pod.appArmorProfile.type}`);
  const containers: any[] = [
    ...(spec.initContainers ?? []),
    ...(spec.containers ?? []),
    ...(spec.ephemeralContainers ?? []),
  ];
  for (const container of containers) {
    const context = container.securityContext ?? {};
    const fail = (control: string) => problems.push(`container ${container.name}: ${control}`);
    if (context.privileged === true) fail('privileged');
    if (context.allowPrivilegeEscalation !== false) fail('allowPrivilegeEscalation is not false');
    if ((context.runAsNonRoot ?? pod.runAsNonRoot) !== true) fail('runAsNonRoot is not true');
    if (context.runAsUser === 0) fail('runAsUser 0');
    const seccomp = context.seccompProfile ?? pod.seccompProfile;
    if (!seccomp || !CONFINED.has(seccomp.type)) fail(`seccompProfile ${seccomp?.type ?? 'unset'}`);
    if (context.appArmorProfile && !CONFINED.has(context.appArmorProfile.type))
      fail(`appArmorProfile ${context.appArmorProfile.type}`);
    if (!(context.capabilities?.drop ?? []).includes('ALL')) fail('capabilities do not drop ALL');
    for (const added of context.capabilities?.add ?? [])
      if (added !== 'NET_BIND_SERVICE') fail(`capability ${added} added`);
    if ((context.procMount ?? 'Default') !== 'Default') fail(`procMount ${context.procMount}`);
    for (const options of [pod.seLinuxOptions, context.seLinuxOptions].filter(Boolean))
      if (!SELINUX_TYPES.has(options.type) || options.user || options.role) fail('seLinuxOptions');
    for (const port of container.ports ?? []) if (port.hostPort) fail(`hostPort ${port.hostPort}`);
  }
  return problems;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
