import { Input, type InputProps, Text } from "@chakra-ui/react";
import { type ChangeEvent, useState } from "react";
import { useMessageText } from "../utils/message-text.ts";
import { type FileRule, fileProblem } from "./file-rules.ts";

export interface FileInputProps extends Omit<InputProps, "type" | "accept"> {
  /** The types and size it takes, and the texts that refuse a file (file-rules.ts). */
  rule: FileRule;
  /** The id its refusal text gets, for aria-describedby; `${id}-refused` by default. */
  refusedId?: string;
}

/**
 * Every file input of the product. Its `accept` lets the browser's picker offer only the allowed types; with
 * JavaScript, a chosen file of another type or too large is refused at once, before a byte is sent: the input is
 * cleared and says why (spec §5). The API checks the file again, by its content.
 */
export function FileInput({ rule, refusedId, onChange, id, ...rest }: FileInputProps) {
  const messageText = useMessageText();
  const [refused, setRefused] = useState<string | null>(null);
  const refusal = refusedId ?? `${id ?? rest.name ?? "file"}-refused`;
  const describedBy = [rest["aria-describedby"], refused ? refusal : undefined].filter(Boolean).join(" ");
  const check = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    const problem = file ? fileProblem(file, rule) : null;
    if (problem) input.value = "";
    setRefused(problem);
    onChange?.(event);
  };
  return (
    <>
      <Input
        p="1.5"
        {...rest}
        id={id}
        type="file"
        accept={rule.accept}
        onChange={check}
        // Only when it has its own: inside a Chakra field, the field gives the input its description and state.
        {...(refused ? { "aria-invalid": true } : {})}
        {...(describedBy ? { "aria-describedby": describedBy } : {})}
      />
      {refused && (
        <Text id={refusal} role="alert" color="fg.error" fontSize="sm" data-testid="file-refused">
          {messageText(refused)}
        </Text>
      )}
    </>
  );
}
