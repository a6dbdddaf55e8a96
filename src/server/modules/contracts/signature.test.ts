import { describe, expect, it } from "vitest";
import { pngDeclaring, samplePng } from "../../platform/pdf/pdf.testing";
import { drawnSignature } from "./signature";

const dataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString("base64")}`;

describe("drawnSignature", () => {
  it("takes a drawn pad's PNG", () => {
    expect(drawnSignature(dataUrl(samplePng(600, 200)))).not.toBeNull();
  });

  it("refuses, before unpacking it, a PNG declaring more pixels than a signing pad has (issue 38)", () => {
    expect(drawnSignature(dataUrl(pngDeclaring(4000, 4000)))).toBeNull();
    // A real, drawn 3000 × 1500 PNG (4.5 million pixels, a few KB compressed) was taken before.
    expect(drawnSignature(dataUrl(samplePng(3000, 1500)))).toBeNull();
  });
});
