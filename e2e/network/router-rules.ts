/**
 * The nftables rules of a home's router (e2e/network/test-network.ts): its NAT and the faults a
 * test puts on its link. One table; the forward chain jumps to one chain per kind of fault, so
 * each is set and healed on its own (loss and a black-hole can hold at once). Chain names are
 * chosen to avoid nft's keywords (`fwd`, `loss` do not parse).
 */
const TABLE = 'ip home_router';

/**
 * The router's NAT: everything leaving by the WAN side takes the WAN address (masquerade). Like
 * a home router it drops what conntrack calls invalid, which with strict TCP tracking (see
 * test-network.ts) includes the segments of a connection whose mapping died with an old address:
 * such a connection goes silent instead of being reset by the server.
 */
export function routerTable(wanInterface: string): string {
  return `table ${TABLE} {
  chain postrouting_nat {
    type nat hook postrouting priority 100; policy accept;
    oifname "${wanInterface}" masquerade
  }
  chain forward_drop {
    type filter hook forward priority 0; policy accept;
    ct state invalid drop
    jump random_faults
    jump signalling_faults
    jump media_faults
  }
  chain random_faults {
  }
  chain signalling_faults {
  }
  chain media_faults {
  }
}
`;
}

type FaultChain = 'random_faults' | 'signalling_faults' | 'media_faults';

const replace = (chain: FaultChain, rules: readonly string[]): string =>
  [`flush chain ${TABLE} ${chain}`, ...rules.map((rule) => `add rule ${TABLE} ${chain} ${rule}`)]
    .join('\n')
    .concat('\n');

/**
 * `percent` % of the packets through the router, both ways, dropped at random (0: none),
 * counted (`lossDropCount`).
 */
export function lossRules(percent: number): string {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new Error(`loss is a whole percentage, not ${percent}`);
  }
  return replace(
    'random_faults',
    percent ? [`numgen random mod 100 < ${percent} counter drop`] : [],
  );
}

/**
 * The home's TCP connections to the app's port that exist now are dropped silently (no RST, no
 * FIN: the sockets look open on both ends), as after a network switch; connections opened from
 * now on pass. New connections are marked with `mark`, which must differ at each black-hole so
 * a connection opened during an earlier one is cut too. UDP (the media) is untouched.
 */
export function signallingBlackholeRules(server: string, appPort: number, mark: number): string {
  return replace('signalling_faults', [
    `ct state new ct mark set ${mark}`,
    `ip daddr ${server} tcp dport ${appPort} ct mark != ${mark} drop`,
    `ip saddr ${server} tcp sport ${appPort} ct mark != ${mark} drop`,
  ]);
}

/** Every packet but the app's TCP (the page and its signalling): the call's media, any path. */
export function mediaCutRules(appPort: number): string {
  return replace('media_faults', [
    'meta l4proto != tcp drop',
    `tcp dport != ${appPort} tcp sport != ${appPort} drop`,
  ]);
}

/** Lists the random-loss chain, whose rule's counter says how many packets it dropped. */
export const listLossChain = `list chain ${TABLE} random_faults\n`;

/** The packets the random-loss rule dropped, from `nft list` of `listLossChain`. */
export function lossDropCount(listing: string): number {
  return Number(/counter packets (\d+)/.exec(listing)?.[1] ?? 0);
}

/** The media cut lifted (other faults stay). */
export const mediaRestoreRules = (): string => replace('media_faults', []);

/** No faults: every fault chain emptied. */
export function healRules(): string {
  return (['random_faults', 'signalling_faults', 'media_faults'] as const)
    .map((chain) => replace(chain, []))
    .join('');
}
