/** A request refused here, before anything reached the service: the caller gets a `validation` error value. */
export class InputRefusedError extends Error {}
