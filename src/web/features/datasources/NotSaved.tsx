import { Alert, Text } from '@mantine/core';

/** Why a save was refused, for what no single field shows: in the server's words, one line each. */
export function NotSaved({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="Not saved">
      {messages.map((message) => (
        <Text size="sm" key={message}>
          {message}
        </Text>
      ))}
    </Alert>
  );
}
