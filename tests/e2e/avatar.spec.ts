import fs from "node:fs/promises";
import { expect, test } from "./test";
import sharp from "sharp";
import { expectAccessible, loopbackGet, startSession } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

const photo = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2255aa" } }).jpeg().withMetadata({ orientation: 1 }).toBuffer();

test("upload and crop an avatar", async ({ page }, testInfo) => {
  await startSession(page, "acme", "employee", "/profile/avatar");
  await expect(page.getByRole("heading", { name: "Your picture" })).toBeVisible();
  await expectAccessible(page);

  // A program renamed .png is refused beside the field, and nothing changes.
  await page.getByLabel("Picture", { exact: true }).setInputFiles({ name: "cat.png", mimeType: "image/png", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(4096, 1)]) });
  await page.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByText("This file is not an image. Choose a JPEG, PNG, WebP or GIF picture.")).toBeVisible();

  // A 50 MB picture: with JavaScript the page refuses it before sending; without, the server sends the page back saying why.
  const huge = testInfo.outputPath("huge.jpg");
  await fs.writeFile(huge, Buffer.alloc(50 * 1024 * 1024, 7));
  await page.getByLabel("Picture", { exact: true }).setInputFiles(huge);
  if (testInfo.project.name === "js-off") await page.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByText("Images must be at most 10 MB.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Picture", { exact: true }).setInputFiles({ name: "beach.jpg", mimeType: "image/jpeg", buffer: await photo() });
  if (testInfo.project.name === "js-on") {
    // The cropper frames the picture before it is sent; its area goes with it.
    await expect(page.getByRole("group", { name: "Drag the picture to frame your face" })).toBeVisible();
    await page.getByLabel("Zoom").fill("2");
    await expect(page.locator('input[name="width"]')).toHaveValue(/^\d+$/);
    await expect(page.locator('input[name="width"]')).toHaveValue("400");
    await page.getByRole("button", { name: "Save picture" }).click();
  } else {
    // Without JavaScript the centre is used, then a second step offers the framing as fields.
    await page.getByRole("button", { name: "Save picture" }).click();
    await expect(page.getByText("Your picture is saved. Frame it differently below if you like.")).toBeVisible();
    await expect(page.getByLabel("Size (pixels)")).toHaveValue("800");
    await expectAccessible(page);
    await page.getByLabel("From the left (pixels)").fill("0");
    await page.getByLabel("Size (pixels)").fill("600");
    await page.getByRole("button", { name: "Save this framing" }).click();
  }
  await expect(page.getByText("Your picture is saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  const avatar = page.getByRole("main").locator('img[src$="/avatar.jpg"]').first();
  await expect(avatar).toBeVisible();
  const response = await loopbackGet(page, new URL((await avatar.getAttribute("src"))!, page.url()).href);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const meta = await sharp(await response.body()).metadata();
  expect([meta.width, meta.height, meta.exif]).toEqual([480, 480, undefined]);
});
