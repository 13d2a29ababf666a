/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * Set by the server entry for every page rendered on request (server/serve.ts); absent while
     * pages are prerendered at build time.
     */
    shop: import('./lib/page-services').PageServices;
  }
}
