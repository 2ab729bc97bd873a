#!/bin/sh
touch "$VICTIM/evil-$TOKEN"
