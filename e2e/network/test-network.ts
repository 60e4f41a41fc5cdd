import { readdirSync } from 'node:fs';
import { inNamespace, ip, nft, testNetworkUnavailable } from './commands';
import {
  healRules,
  listLossChain,
  lossDropCount,
  lossRules,
  mediaCutRules,
  mediaRestoreRules,
  routerTable,
  signallingBlackholeRules,
} from './router-rules';

/**
 * A network to test calls on (DESIGN.md §8, issue 26): the test process's own network namespace
 * is the "public" network, where the stack and coturn listen on PUBLIC_ADDRESS; each party's
 * browser runs in a "home" namespace behind a router namespace doing NAT (nftables masquerade):
 *
 *   home (192.168.N.2) ── lan0 router wan0 (100.64.N.2) ── pub-<home> (100.64.N.1), public: 203.0.113.10
 *
 * Only RFC 5737 (documentation) and RFC 6598 (shared) addresses and private home addresses,
 * all inside namespaces the test creates and removes: nothing reaches outside the machine.
 */
export const PUBLIC_ADDRESS = '203.0.113.10';

export type HomeName = 'doctor' | 'patient';
const HOMES: readonly HomeName[] = ['doctor', 'patient'];

/** Named namespaces are machine-wide (/run/netns): each test process's carry its pid. */
const PREFIX = 'thnet-';

export interface Home {
  name: HomeName;
  /** The namespace the home's browser runs in. */
  namespace: string;
  /** The router's namespace. */
  router: string;
  /** The router's current WAN address (what the public network sees the home as). */
  wanAddress: string;
}

export interface TestNetwork {
  homes: Record<HomeName, Home>;
  /** `percent` % random loss on the home's link, both ways (0 heals it). */
  setLoss(home: HomeName, percent: number): void;
  /** Packets the home's random loss has dropped since it was set. */
  lossDropped(home: HomeName): number;
  /** The home's open TCP connections to the app go silent (no FIN, no RST); new ones pass. */
  blackholeSignalling(home: HomeName): void;
  /** The home's media (everything but the app's TCP) is dropped until restored or healed. */
  cutMedia(home: HomeName): void;
  /** Lifts `cutMedia` only: a black-holed socket stays dead. */
  restoreMedia(home: HomeName): void;
  /**
   * The home's router gets a new WAN address, as when a phone moves from Wi-Fi to cellular:
   * the old NAT mappings die with the old address (masquerade drops their conntrack entries).
   */
  changeAddress(home: HomeName): void;
  /** Every fault of every home removed (addresses stay as they are). */
  heal(): void;
  destroy(): void;
}

/**
 * Builds the network. `appPort` is the gateway's port (the black-hole and the media cut tell
 * the app's TCP from the rest by it). Throws one clear line when this process cannot build it
 * (not root, not in a namespace of its own, `ip` or `nft` missing).
 */
export function createTestNetwork(options: {
  appPort: number;
  ownNamespace: boolean;
}): TestNetwork {
  const unavailable = testNetworkUnavailable(options.ownNamespace);
  if (unavailable) throw new Error(unavailable);
  // The public side's interface names are this namespace's: one network at a time.
  if (ip(undefined, 'link', 'show').includes('pub-doctor')) {
    throw new Error('a test network already runs in this process: destroy() it first');
  }
  removeStaleNamespaces();

  const created: string[] = [];
  const destroy = () => {
    for (const namespace of created.splice(0)) {
      try {
        ip(undefined, 'netns', 'del', namespace);
      } catch {
        // Already gone: nothing to remove.
      }
    }
  };
  try {
    ip(undefined, 'link', 'set', 'lo', 'up');
    if (!ip(undefined, 'addr', 'show', 'dev', 'lo').includes(`${PUBLIC_ADDRESS}/32`)) {
      ip(undefined, 'addr', 'add', `${PUBLIC_ADDRESS}/32`, 'dev', 'lo');
    }
    const homes = {} as Record<HomeName, Home>;
    HOMES.forEach((name, index) => {
      homes[name] = createHome(name, index + 1, created);
    });
    return networkOf(homes, options.appPort, destroy);
  } catch (error) {
    destroy();
    throw error;
  }
}

/** Subnets per home number `n`: 100.64.n.0/24 between router and public, 192.168.n.0/24 inside. */
const wanOf = (n: number, host: number) => `100.64.${n}.${host}`;

function createHome(name: HomeName, n: number, created: string[]): Home {
  const router = `${PREFIX}${process.pid}-${name}-router`;
  const namespace = `${PREFIX}${process.pid}-${name}-home`;
  for (const one of [router, namespace]) {
    ip(undefined, 'netns', 'add', one);
    created.push(one);
    ip(one, 'link', 'set', 'lo', 'up');
  }
  // Public ↔ router.
  const publicSide = `pub-${name}`;
  ip(undefined, 'link', 'add', publicSide, 'type', 'veth', 'peer', 'name', 'wan0', 'netns', router);
  ip(undefined, 'addr', 'add', `${wanOf(n, 1)}/24`, 'dev', publicSide);
  ip(undefined, 'link', 'set', publicSide, 'up');
  ip(router, 'addr', 'add', `${wanOf(n, 2)}/24`, 'dev', 'wan0');
  ip(router, 'link', 'set', 'wan0', 'up');
  ip(router, 'route', 'add', 'default', 'via', wanOf(n, 1));
  // Router ↔ home.
  ip(router, 'link', 'add', 'lan0', 'type', 'veth', 'peer', 'name', 'eth0', 'netns', namespace);
  ip(router, 'addr', 'add', `192.168.${n}.1/24`, 'dev', 'lan0');
  ip(router, 'link', 'set', 'lan0', 'up');
  ip(namespace, 'addr', 'add', `192.168.${n}.2/24`, 'dev', 'eth0');
  ip(namespace, 'link', 'set', 'eth0', 'up');
  ip(namespace, 'route', 'add', 'default', 'via', `192.168.${n}.1`);
  inNamespace(router, 'echo 1 > /proc/sys/net/ipv4/ip_forward');
  nft(router, routerTable('wan0'));
  // Strict TCP tracking: a segment of a connection conntrack no longer knows (its mapping died
  // with the old WAN address) is invalid and dropped, not picked up and NATed afresh, so after an
  // address change the old sockets die silently, as a phone's do when it leaves the Wi-Fi.
  inNamespace(router, 'echo 0 > /proc/sys/net/netfilter/nf_conntrack_tcp_loose');
  return { name, namespace, router, wanAddress: wanOf(n, 2) };
}

function networkOf(
  homes: Record<HomeName, Home>,
  appPort: number,
  destroy: () => void,
): TestNetwork {
  let blackholes = 0;
  const routerOf = (home: HomeName) => homes[home].router;
  return {
    homes,
    setLoss: (home, percent) => nft(routerOf(home), lossRules(percent)),
    lossDropped: (home) => lossDropCount(nft(routerOf(home), listLossChain)),
    blackholeSignalling(home) {
      blackholes += 1;
      nft(routerOf(home), signallingBlackholeRules(PUBLIC_ADDRESS, appPort, blackholes));
    },
    cutMedia: (home) => nft(routerOf(home), mediaCutRules(appPort)),
    restoreMedia: (home) => nft(routerOf(home), mediaRestoreRules()),
    changeAddress(home) {
      const current = homes[home];
      const n = HOMES.indexOf(home) + 1;
      const lastOctet = Number(current.wanAddress.split('.')[3]);
      // 2 ↔ 3 … up to 250: a fresh address each time, inside the router's /24.
      const next = wanOf(n, lastOctet >= 250 ? 2 : lastOctet + 1);
      // Removing the address takes the default route and the NAT mappings of that address.
      ip(current.router, 'addr', 'del', `${current.wanAddress}/24`, 'dev', 'wan0');
      ip(current.router, 'addr', 'add', `${next}/24`, 'dev', 'wan0');
      ip(current.router, 'route', 'replace', 'default', 'via', wanOf(n, 1));
      current.wanAddress = next;
    },
    heal() {
      for (const home of HOMES) nft(routerOf(home), healRules());
    },
    destroy,
  };
}

/** Namespaces of this prefix left by a test process that died without its cleanup. */
function removeStaleNamespaces(): void {
  let names: string[];
  try {
    names = readdirSync('/run/netns');
  } catch {
    return;
  }
  for (const name of names) {
    const match = new RegExp(`^${PREFIX}(\\d+)-`).exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    try {
      ip(undefined, 'netns', 'del', name);
    } catch {
      // Another process removed it first.
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
