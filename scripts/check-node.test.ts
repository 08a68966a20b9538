import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./check-node.mjs";

describe("Node version guard", () => {
  it("accepts Node 24", () => {
    expect(nodeVersionProblem("v24.21.0")).toBeNull();
  });

  it.each(["v20.20.2", "v22.22.0", "v26.1.0"])("refuses %s with a clear message", (version) => {
    expect(nodeVersionProblem(version)).toContain(`This project runs on Node 24 (found ${version})`);
  });
});
