import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../library/redact.js";

describe("redactSecrets", () => {
  it.each([
    ["/api/media?token=abc123&limit=5", "/api/media?token=[redacted]&limit=5"],
    ["/api/media?limit=5&access_token=abc", "/api/media?limit=5&access_token=[redacted]"],
    ["/api/ws?TOKEN=abc#frag", "/api/ws?TOKEN=[redacted]#frag"],
    ["/api/media?tokens_used=1", "/api/media?tokens_used=1"],
    ["Authorization: Bearer abc.def-ghi", "Authorization: Bearer [redacted]"],
    [`key svc_${"A".repeat(43)} end`, "key svc_[redacted] end"],
    ["/api/version", "/api/version"],
  ])("%s → %s", (input, output) => {
    expect(redactSecrets(input)).toBe(output);
  });
});
