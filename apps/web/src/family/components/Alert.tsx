/** An error, read out as soon as it appears. */
export function Alert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert">
      {message}
    </div>
  );
}

/** A confirmation (an answer recorded), read out politely. */
export function Notice({ message }: { message: string | null }) {
  return (
    <div role="status" className={message ? 'notice' : undefined}>
      {message}
    </div>
  );
}
