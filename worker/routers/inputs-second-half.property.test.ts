/** Junk in every procedure's input, the second half of the procedures (see inputs.property.test.ts). */
import { propertyWorld } from "@testing/input-shapes";
import { junkInputProperty } from "@testing/junk-inputs";

junkInputProperty(propertyWorld(), 1);
