import { describe, expect, it } from 'vitest';
import { lineFormat, prettyLogs } from './log-format.ts';

describe('the launcher’s log lines', () => {
  it('when a person watches a terminal, then JSON lines are shown as level, message and fields; LOG_FORMAT overrides', () => {
    expect(prettyLogs({}, true)).toBe(true);
    expect(prettyLogs({}, false)).toBe(false);
    expect(prettyLogs({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(prettyLogs({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
  });

  it('when pretty, then a request line reads as one line without its JSON braces around the message, and other text passes unchanged', () => {
    const format = lineFormat(true);
    const line = format(
      '{"level":"info","time":"2026-11-23T16:17:38.108Z","name":"svc-quests","requestId":"r-1","msg":"request","route":"/api/quests","status":200,"durationMs":3.2}',
    );
    expect(line).toContain('INFO');
    expect(line).toContain('request');
    expect(line).toContain('"route":"/api/quests"');
    expect(line).not.toContain('\n');
    expect(format('TypeError: boom')).toBe('TypeError: boom');
  });

  it('when not pretty, then lines pass as they are', () => {
    const json = '{"level":"info","msg":"x"}';
    expect(lineFormat(false)(json)).toBe(json);
  });
});
