// The bins each feature of a labelled alert is tabled by (bench/alert-features.mjs) and weighed
// by (bench/alert-model.mjs), so that a weight reads as one of the table's rows.
export const FEATURE_BINS = {
  'run length (commits from the culprit to the raise)': [1, 2, 3, 4, 6, 10, 20, Infinity],
  'change (worse)': [-Infinity, 0.05, 0.1, 0.2, 0.5, 1, Infinity],
  'other cases 5% worse at the culprit (share)': [0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.01],
  'other cases beyond 3 deviations at the culprit (share)': [0, 0.05, 0.15, 0.3, 0.5, 0.7, 1.01],
  'other cases beyond 3 deviations at the raise (share)': [0, 0.05, 0.15, 0.3, 0.5, 0.7, 1.01],
  "alert group's share of the suite": [0, 0.05, 0.15, 0.3, 0.5, 0.7, 1.01],
  'cases in the suite': [1, 2, 4, 10, 30, 100, Infinity],
  'noise (robust deviation of the last 30 logs)': [0, 0.01, 0.03, 0.06, 0.1, 0.2, Infinity],
  'last 60 points further out than the run (share)': [0, 0.001, 0.02, 0.05, 0.1, 0.2, 1.01],
  'runs per point': [0, 2, 3, 10, Infinity],
  'lag-1 autocorrelation of the last 30': [-Infinity, 0, 0.1, 0.2, 0.3, 0.45, 0.6, Infinity],
  'spread of the run against its last 30 (ratio)': [-1, 0, 0.5, 0.8, 1.25, 2, 4, Infinity],
  'other cases with bars twice as wide at the culprit (share)': [-1, 0, 0.05, 0.15, 0.3, 0.5, 0.7, 1.01],
};
