import type { Page } from 'playwright-core';

/**
 * What a call page's WebRTC says about itself, read from the peer connections the
 * `newCallPage` init script keeps (e2e/call.ts).
 */
type TestWindow = { __callTestPeers?: RTCPeerConnection[] };

/**
 * Each open peer connection's selected pair (the transport's, else the nominated one), from
 * `getStats`: the local candidate's type and the remote candidate's address. The remote type
 * is not asked: a candidate that reaches the peer before its signal reads `prflx` there.
 */
export function selectedPairs(page: Page): Promise<{ local: string; remoteAddress: string }[]> {
  return page.evaluate(async () => {
    const pairs: { local: string; remoteAddress: string }[] = [];
    for (const peer of (window as unknown as TestWindow).__callTestPeers ?? []) {
      if (peer.connectionState === 'closed') continue;
      const stats = new Map<string, Record<string, unknown>>();
      (await peer.getStats()).forEach((report: Record<string, unknown>) =>
        stats.set(report.id as string, report),
      );
      const reports = [...stats.values()];
      const transport = reports.find((report) => report.type === 'transport');
      const pair =
        stats.get(transport?.selectedCandidatePairId as string) ??
        reports.find((report) => report.type === 'candidate-pair' && report.nominated);
      if (!pair) continue;
      const candidate = (id: unknown) => stats.get(id as string) ?? {};
      pairs.push({
        local: candidate(pair.localCandidateId).candidateType as string,
        remoteAddress: candidate(pair.remoteCandidateId).address as string,
      });
    }
    return pairs;
  });
}

/** How many RTCPeerConnections the page has created since it loaded. */
export function peerConnectionsCreated(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as TestWindow).__callTestPeers?.length ?? 0);
}

/** The page's peer connections that are not closed. */
export function openPeerConnections(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      ((window as unknown as TestWindow).__callTestPeers ?? []).filter(
        (peer) => peer.connectionState !== 'closed',
      ).length,
  );
}

/**
 * Counts the WebSockets the page opens from now on (Playwright's `websocket` event): the room's
 * signalling socket reconnecting shows as a new one.
 */
export function countWebSocketsOpened(page: Page): () => number {
  let opened = 0;
  page.on('websocket', () => (opened += 1));
  return () => opened;
}

/** The type of each open peer connection's local description (`answer`: it never offered). */
export function localDescriptionTypes(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() =>
    ((window as unknown as TestWindow).__callTestPeers ?? [])
      .filter((peer) => peer.connectionState !== 'closed')
      .map((peer) => peer.localDescription?.type ?? null),
  );
}
