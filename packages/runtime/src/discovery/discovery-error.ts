/** Discovery cannot assemble one registry: a dependency is not installed, or two packages provide the same name. */
export class DiscoveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DiscoveryError";
  }
}
