import { renderToStaticMarkup } from "react-dom/server";
import type { TenantConfig } from "~/modules/tenants/tenant";

/** A labelled line an e-mail shows below its message (a gift card's number and PIN). */
export interface EmailDetail {
  label: string;
  value: string;
}

/** What the e-mail carries beyond its message: labelled details, and why it was sent when not by the reader's notification settings. */
export interface EmailExtras {
  /** A picture shown above the message (a path in the program, or an address), with what it shows. */
  image?: { src: string; alt: string };
  details?: readonly EmailDetail[];
  /** A transactional e-mail's reason (an order's card), said in its footer instead of the notification-settings line. */
  sentBecause?: string;
}

export interface NotificationEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * A notification as a branded e-mail: the program's logo on its header colour,
 * the message (and any details), and a button back to what it is about, in
 * table layout and inline styles (what e-mail clients render), with a plain-text twin.
 */
export function notificationEmail(config: TenantConfig, baseUrl: string, message: string, link: string | null, { image, details = [], sentBecause }: EmailExtras = {}): NotificationEmail {
  const { colors, logoUrl, logoAlt } = config.branding;
  const settingsUrl = `${baseUrl}/settings/notifications`;
  const target = `${baseUrl}${link ?? "/notifications"}`;
  const logo = /^https?:\/\//.test(logoUrl) ? logoUrl : `${baseUrl}${logoUrl}`;
  const body = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{message}</title>
      </head>
      <body style={{ margin: 0, backgroundColor: "#f1f5f9", fontFamily: "Arial, Helvetica, sans-serif", color: "#0f172a" }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: "#f1f5f9", padding: "24px 0" }}>
          <tbody>
            <tr>
              <td align="center">
                <table role="presentation" width={560} cellPadding={0} cellSpacing={0} style={{ backgroundColor: "#ffffff", borderRadius: 8, overflow: "hidden" }}>
                  <tbody>
                    <tr>
                      <td style={{ backgroundColor: colors.header, padding: "16px 24px" }}>
                        <img src={logo} alt={logoAlt} height={36} style={{ display: "block", height: 36 }} />
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24, fontSize: 16, lineHeight: "24px" }}>
                        {image ? (
                          <img
                            src={/^https?:\/\//.test(image.src) ? image.src : `${baseUrl}${image.src}`}
                            alt={image.alt}
                            width={512}
                            style={{ display: "block", width: "100%", maxWidth: 512, height: "auto", margin: "0 0 20px", borderRadius: 6 }}
                          />
                        ) : null}
                        <p style={{ margin: "0 0 20px" }}>{message}</p>
                        {details.length > 0 ? (
                          <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 20px", fontSize: 16 }}>
                            <tbody>
                              {details.map((detail) => (
                                <tr key={detail.label}>
                                  <td style={{ padding: "4px 16px 4px 0", color: "#475569" }}>{detail.label}</td>
                                  <td style={{ padding: "4px 0", fontFamily: "Menlo, Consolas, monospace", fontWeight: "bold" }}>{detail.value}</td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        ) : null}
                        <a
                          href={target}
                          style={{ display: "inline-block", backgroundColor: colors.primary, color: colors.primaryForeground, padding: "10px 18px", borderRadius: 6, textDecoration: "none", fontWeight: "bold" }}
                        >
                          Open in {config.name}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "0 24px 24px", fontSize: 12, color: "#475569" }}>
                        {sentBecause ?? (
                          <>
                            You get this e-mail because of your notification settings in {config.name}: <a href={settingsUrl}>change them</a>.
                          </>
                        )}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
  return {
    subject: message.length > 120 ? `${message.slice(0, 117)}...` : message,
    html: `<!DOCTYPE html>${renderToStaticMarkup(body)}`,
    text: `${message}\n\n${details.map((detail) => `${detail.label}: ${detail.value}\n`).join("")}${details.length ? "\n" : ""}Open in ${config.name}: ${target}\n\n${sentBecause ?? `Change which e-mails you get: ${settingsUrl}`}\n`,
  };
}
