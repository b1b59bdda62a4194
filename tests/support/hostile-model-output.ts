/**
 * The vision model's observations of a right palm with markup where it may write free text:
 * model output is untrusted, and the sanitising tests (integration and e2e) feed this to the stub.
 */
export const hostileVisualAnalysis = (issue: string, evidence: string) => ({
  handPresent: true,
  handedness: 'right',
  quality: 'good',
  issues: [issue],
  lines: [
    {
      line: 'heart',
      visible: 'yes',
      length: 'long',
      depth: 'deep',
      shape: 'strongly curved',
      breaks: 0,
      evidence,
      confidence: 0.9,
    },
  ],
  mounts: [{ mount: 'jupiter', prominence: 'full', confidence: 0.9 }],
});
