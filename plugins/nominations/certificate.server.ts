import type { TenantConfig } from "~/modules/tenants/tenant";

export interface CertificateText {
  nominee: string;
  nominator: string;
  coreValue: string;
  awardLevel: string;
  message: string;
  /** When it was approved. */
  approved: Date;
}

/** A message as the certificate quotes it: its first 400 characters. */
function quoted(message: string) {
  return message.length > 400 ? `${message.slice(0, 399)}…` : message;
}

/**
 * An approved nomination's certificate: a landscape Letter page in the program's colours and
 * name, the nominee's name large, the value and level, the nominator's words, the day. Drawn with
 * PDFKit's standard fonts (nothing to embed), returned whole. PDFKit is loaded with the first
 * certificate: it took 24 MB of every process's memory from its start (decision 115).
 */
export async function certificatePdf(tenant: TenantConfig, text: CertificateText): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const { colors } = tenant.branding;
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: tenant.program.timeZone }).format(text.approved);
  const doc = new PDFDocument({
    size: "LETTER",
    layout: "landscape",
    margin: 54,
    info: { Title: `Certificate of Recognition: ${text.nominee}`, Author: tenant.name, Subject: `${text.awardLevel} for ${text.coreValue}` },
    lang: "en",
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const { width, height } = doc.page;
  doc.rect(0, 0, width, 18).fill(colors.primary);
  doc.rect(0, height - 18, width, 18).fill(colors.primary);
  doc.rect(30, 36, width - 60, height - 72).lineWidth(2).stroke(colors.accent);

  const column = { width: width - 160, align: "center" as const };
  doc.fillColor("#334155").font("Helvetica").fontSize(14).text(tenant.name, 80, 80, column);
  doc.moveDown(0.8).fillColor(colors.primary).font("Helvetica-Bold").fontSize(34).text("Certificate of Recognition", column);
  doc.moveDown(0.8).fillColor("#334155").font("Helvetica").fontSize(14).text("is presented to", column);
  doc.moveDown(0.5).fillColor("#0f172a").font("Helvetica-Bold").fontSize(30).text(text.nominee, column);
  doc.moveDown(0.6).fillColor("#334155").font("Helvetica").fontSize(15).text(`${text.awardLevel} award for ${text.coreValue}`, column);
  doc.moveDown(1).font("Helvetica-Oblique").fontSize(12).text(`“${quoted(text.message)}”`, column);
  doc.moveDown(0.6).font("Helvetica").fontSize(12).text(`Nominated by ${text.nominator}`, column);
  doc.fontSize(11).text(day, 80, height - 96, column);
  doc.end();
  return done;
}
