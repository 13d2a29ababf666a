/**
 * Hands a downloaded file to the browser under its name (the back office's CSV files). The link is
 * in the page while it is clicked, and its address lives a minute, long enough for any browser to
 * start saving.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
