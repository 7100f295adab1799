// A QR code of a link as inline SVG (drawn here, nothing downloaded), for a seat link.
import qrcode from "qrcode-generator";

export function qrSvg(link: string): string {
  const qr = qrcode(0, "M");
  qr.addData(link);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
}
