#!/bin/bash
echo hi
# want@1 "CRLF line endings"
