import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runPullRequest, workflowRunFromEvent } from '../../src/core/workflow-run.js';
import { readZipEntry, ZipError } from '../../src/core/zip-entry.js';

const HEAD = 'c'.repeat(40);

describe('workflowRunFromEvent', () => {
  const event = (over: Record<string, unknown> = {}) => ({
    workflow_run: {
      id: 41,
      event: 'pull_request',
      head_sha: HEAD,
      head_branch: 'feature',
      head_repository: { full_name: 'fork/repo', owner: { login: 'fork' } },
      pull_requests: [],
      ...over,
    },
  });

  it('reads the run, its head and the fork that owns it', () => {
    expect(workflowRunFromEvent(event(), 'owner/repo')).toEqual({
      runId: 41,
      event: 'pull_request',
      headSha: HEAD,
      headBranch: 'feature',
      headRepository: 'fork/repo',
      headOwner: 'fork',
      pullRequests: [],
    });
  });

  it('is undefined without a numeric id or a head sha', () => {
    expect(workflowRunFromEvent({}, 'owner/repo')).toBeUndefined();
    expect(workflowRunFromEvent(event({ id: '41' }), 'owner/repo')).toBeUndefined();
    expect(workflowRunFromEvent(event({ head_sha: '' }), 'owner/repo')).toBeUndefined();
  });

  it('keeps the listed pull requests of this repository only, in the event’s short form too', () => {
    const listed = (number: number, repoUrl: string) => ({
      number,
      head: { sha: HEAD, ref: 'feature' },
      base: { ref: 'main', repo: { url: repoUrl, name: 'repo' } },
    });
    const run = workflowRunFromEvent(
      event({ pull_requests: [listed(3, 'https://api.github.com/repos/other/repo'), listed(4, 'https://api.github.com/repos/Owner/Repo'), { number: 'x' }] }),
      'owner/repo',
    );
    expect(run?.pullRequests).toEqual([{ number: 4, head: HEAD, base: 'main' }]);
  });
});

describe('runPullRequest', () => {
  it('refuses an entry whose head is not a commit sha', () => {
    expect(runPullRequest({ number: 1, head: { sha: 'main' }, base: { ref: 'main' } }, 'owner/repo')).toBeUndefined();
    expect(runPullRequest({ number: 1, head: { sha: HEAD }, base: { ref: 'dev', repo: { full_name: 'owner/repo' } } }, 'owner/repo')).toEqual({ number: 1, head: HEAD, base: 'dev' });
  });
});

/** A one-entry zip as APPNOTE lays it out: local header, data, central directory, end record. */
function zipOf(name: string, data: Buffer, method: 0 | 8, declared = data.length): Buffer {
  const body = method === 8 ? deflateRawSync(data) : data;
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(method, 8);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(method, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const dirOffset = local.length + n.length + body.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, n, body, central, n, end]);
}

describe('readZipEntry', () => {
  const text = Buffer.from('{"schema":"benchtrend/collected"}');

  it('reads a stored or deflated entry and nothing else', () => {
    expect(readZipEntry(zipOf('benchtrend-collected.json', text, 0), 'benchtrend-collected.json', 1024)?.toString()).toBe(text.toString());
    expect(readZipEntry(zipOf('benchtrend-collected.json', text, 8), 'benchtrend-collected.json', 1024)?.toString()).toBe(text.toString());
    expect(readZipEntry(zipOf('../evil.sh', text, 8), 'benchtrend-collected.json', 1024)).toBeUndefined();
  });

  it('stops inflating at the bound even when the directory understates the size', () => {
    const big = Buffer.alloc(10_000, 0x20);
    expect(() => readZipEntry(zipOf('p.json', big, 8), 'p.json', 1000)).toThrow(new ZipError('p.json is 10000 bytes, over the limit of 1000'));
    expect(() => readZipEntry(zipOf('p.json', big, 8, 10), 'p.json', 1000)).toThrow(new ZipError('p.json inflates past the limit of 1000 bytes'));
  });

  it('refuses what is not a zip, or is cut short', () => {
    expect(() => readZipEntry(Buffer.from('#!/bin/sh\necho not a zip, honest\n'), 'p.json', 1000)).toThrow(/^not a zip archive/);
    const zip = zipOf('p.json', text, 8);
    expect(() => readZipEntry(Buffer.concat([zip.subarray(0, 20), zip.subarray(zip.length - 22)]), 'p.json', 1000)).toThrow(ZipError);
  });
});
