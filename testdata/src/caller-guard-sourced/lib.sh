: "${HF_TOKEN:?export HF_TOKEN first}"
