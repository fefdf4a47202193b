// The same upload-pack settings as GITHUB_LIKE_UPLOAD_PACK in src/jobs/demo-trend.ts (benches run
// plain .mjs and cannot import it): a bare repository answering a partial fetch as github.com does: filters
// allowed (blob:none, blob:limit and tree:0 only: "tree filter allows max depth 0, but got 1" for
// anything deeper, "filter 'combine' not supported"), objects fetchable by id. gc.auto=0 keeps a
// background repack out of a measurement.
export const GITHUB_LIKE_REMOTE = [
  ['uploadpack.allowFilter', 'true'],
  ['uploadpack.allowAnySHA1InWant', 'true'],
  ['uploadpackfilter.allow', 'false'],
  ['uploadpackfilter.blob:none.allow', 'true'],
  ['uploadpackfilter.blob:limit.allow', 'true'],
  ['uploadpackfilter.tree.allow', 'true'],
  ['uploadpackfilter.tree.maxDepth', '0'],
  ['gc.auto', '0'],
];
